"""``python -m cardgames_client.terminal``, the same as ``cardgames``."""

import sys

from . import main

sys.exit(main())
