"""The words of the terminal, in English and French: labels, prompts, and each refusal's
reason as a sentence (the server's reasons are stable codes; its messages are English)."""

from __future__ import annotations

LANGUAGES = ("en", "fr")

_EN: dict[str, str] = {
    "you": "You", "seat": "Seat {seat}", "left": "West", "across": "North", "right": "East", "south": "South",
    "bot": "{strength} bot", "person": "player", "open": "open seat", "invited": "invited",
    "random": "random", "greedy": "greedy", "hint": "hint",
    "title": "cardgames · {variant}", "spectator": "spectator",
    "deal": "Deal {number}", "dealer": "dealer {name}", "turned": "turned", "trump": "trump", "taker": "taker",
    "broken": "hearts broken", "to_play": "to play", "cards": "cards", "tricks": "tricks", "points": "points",
    "score": "score", "clock": "clock", "stock": "stock {count}",
    "trick": "Trick {number}", "last_trick": "Last trick, won by {name}", "no_trick": "No card played yet",
    "waiting_players": "Waiting for the other players to sit down…",
    "waiting_for": "Waiting for {names}…", "your_card": "Your turn: choose a card (←/→) and press Enter.",
    "your_discard": "Discard a card: choose it (←/→) and press Enter.",
    "your_pass": "Choose {count} cards to give to {name} (←/→, space), then press Enter.",
    "your_bid": "Your turn: press the number of your choice.",
    "deal_over": "Deal over. The next deal starts soon (Enter: at once).",
    "game_over": "Game over. {winners} won. Press q to quit.",
    "game_abandoned": "The game was abandoned. Press q to quit.",
    "selected": "selected: {count}/{total}",
    "pass": "Pass", "take": "Take {suit}", "call": "Call {suit}", "declare": "Declare", "no-declare": "Don't declare",
    "next-deal": "Next deal", "give": "Give {cards}", "play": "Play {card}", "discard": "Discard {card}",
    "hint_title": "Hint ({samples} deals, in {unit}; best first)", "hint_wait": "Thinking…",
    "unit.tricks": "tricks", "unit.card_points": "card points", "unit.penalty_points": "penalty points (lower is better)",
    "unit.deal_score_margin": "deal score margin",
    "refused": "Refused: {reason}", "error": "Error: {reason}", "lost": "Connection lost: {reason}",
    "result": "{deal}: {outcome}", "totals": "Scores", "deal_col": "deal", "winner_line": "{names} won the match",
    "outcome.1": "void, everybody passed", "outcome.2": "{taker} made the contract", "outcome.3": "{taker} went down",
    "outcome.4": "{taker} won every trick (march)", "outcome.5": "a tie (litige): the takers' points are held",
    "outcome.6": "played", "outcome.7": "{taker} shot the moon",
    "team": "{a} & {b}",
    "ev.deal_started": "{deal} dealt by {name}.", "ev.card_turned": "Turned card: {card}.",
    "ev.bid.pass": "{name} passes.", "ev.bid.take": "{name} takes.", "ev.bid.call": "{name} calls {suit}.",
    "ev.trump_chosen": "{name} plays with {suit} as trump.", "ev.hands_completed": "The hands are completed.",
    "ev.discarded": "{name} discards a card.", "ev.discarded_own": "You discard {card}.",
    "ev.cards_passed": "{name} gives three cards.", "ev.cards_received": "You receive {cards} from {name}.",
    "ev.cards_received_all": "Every player has received three cards.",
    "ev.declared": "{name} declares.", "ev.declined": "{name} does not declare.",
    "ev.declarations_resolved": "Declarations: {shown}.", "ev.no_declaration": "no declaration scores",
    "ev.belote_rebelote": "{name}: belote-rebelote (+{points}).",
    "ev.card_played": "{name} plays {card}.", "ev.trick_won": "{name} wins trick {trick} ({points} pts).",
    "ev.deal_scored": "{deal} scored: {outcome}; {scores}.", "ev.game_over": "Game over: {names} won.",
    "ev.seat_claimed": "{name} sits down.", "ev.game_started": "Every seat is taken: the game starts.",
    "ev.resigned": "{name} resigns.", "ev.timed_out": "{name} is out of time.", "ev.forfeited": "{name} loses on time.",
    "ev.abandoned": "The game was abandoned.", "ev.rematch_created": "A rematch was created.",
    "ev.card_played.you": "You play {card}.", "ev.bid.pass.you": "You pass.", "ev.bid.take.you": "You take.",
    "ev.bid.call.you": "You call {suit}.", "ev.trump_chosen.you": "You play with {suit} as trump.",
    "ev.trick_won.you": "You win trick {trick} ({points} pts).", "ev.declared.you": "You declare.",
    "ev.declined.you": "You do not declare.", "ev.belote_rebelote.you": "You: belote-rebelote (+{points}).",
    "ev.cards_passed.you": "You give three cards.", "ev.seat_claimed.you": "You sit down.",
    "ev.resigned.you": "You resign.", "ev.timed_out.you": "You are out of time.", "ev.forfeited.you": "You lose on time.",
    "ev.trick_won.no_points": "{name} wins trick {trick}.", "ev.trick_won.no_points.you": "You win trick {trick}.",
    "reason.NOT_YOUR_TURN": "it is not your turn",
    "reason.MUST_FOLLOW_SUIT": "you must follow suit",
    "reason.MUST_TRUMP": "you must trump",
    "reason.MUST_OVERTRUMP": "you must play a higher trump",
    "reason.MUST_UNDERTRUMP": "you must play a trump, even a lower one",
    "reason.MUST_LEAD_TWO_OF_CLUBS": "the two of clubs leads the first trick",
    "reason.NO_POINTS_ON_FIRST_TRICK": "no heart or queen of spades on the first trick",
    "reason.HEARTS_NOT_BROKEN": "hearts are not broken yet",
    "reason.CARD_NOT_IN_HAND": "that card is not in your hand",
    "reason.CANNOT_CALL_TURNED_SUIT": "you cannot name the turned card's suit",
    "reason.CANNOT_DISCARD_TURNED_CARD": "you cannot discard the turned card",
    "reason.WRONG_CARD_COUNT": "choose exactly {count} cards",
    "reason.NOTHING_TO_DECLARE": "you have nothing to declare",
    "reason.WRONG_PHASE": "that move does not fit this moment of the deal",
    "reason.GAME_OVER": "the game is over",
    "reason.ALREADY_PASSED_CARDS": "you have already given your cards",
    "reason.OUT_OF_TIME": "your time ran out",
    "reason.GAME_NOT_STARTED": "the game has not started: a seat is still open",
    "reason.HINT_UNAVAILABLE": "there is nothing to hint now",
    "reason.SOLVER_BUSY": "the server is busy: try again",
    "reason.GAME_NOT_FOUND": "no such game",
    "reason.SEAT_TAKEN": "that seat is taken",
    "reason.SEAT_NOT_OPEN": "that seat is not open",
    "reason.NO_OPEN_SEAT": "no seat is open",
    "reason.INVALID_INVITATION": "the invitation code is missing or wrong",
    "reason.UNAVAILABLE": "the server cannot be reached",
    "reason.DEADLINE_EXCEEDED": "the server did not answer in time",
    "reason.VERSION_CONFLICT": "the table moved on meanwhile: look again",
    "reason.CALLER_SHARE_EXHAUSTED": "too many analyses at once: try again in a moment",
    "reason.INVALID_CREDENTIAL": "your seat's key is not valid",
    "reason.MISSING_CREDENTIAL": "this needs your seat's key",
    "reason.WRONG_SEAT": "that is not your seat",
    "reason.DEAL_IN_PROGRESS": "the deal is still being played",
    "reason.DEAL_NOT_PLAYED": "nobody took: there is no play to analyse",
    "reason.REMATCH_EXISTS": "the rematch exists already",
    "reason.GAME_NOT_OVER": "the match is not over",
    "reason.STORAGE_UNAVAILABLE": "the server could not save that: try again",
    "keys.play": "←/→ card · Enter play · 1-9 bid · h hint · q quit",
    "keys.pass": "←/→ card · space choose · Enter give · h hint · q quit",
    "keys.watch": "q quit",
    "box.table": "Table", "box.on_table": "On the table", "box.hand": "Your hand", "box.totals": "Scores",
    "box.log": "What happens", "box.hint": "Hint",
}

_FR: dict[str, str] = {
    "you": "Vous", "seat": "Place {seat}", "left": "Ouest", "across": "Nord", "right": "Est", "south": "Sud",
    "bot": "robot {strength}", "person": "joueur", "open": "place libre", "invited": "invité",
    "random": "hasard", "greedy": "glouton", "hint": "conseil",
    "title": "cardgames · {variant}", "spectator": "spectateur",
    "deal": "Donne {number}", "dealer": "donneur {name}", "turned": "retournée", "trump": "atout", "taker": "preneur",
    "broken": "cœurs ouverts", "to_play": "à jouer", "cards": "cartes", "tricks": "plis", "points": "points",
    "score": "score", "clock": "pendule", "stock": "talon {count}",
    "trick": "Pli {number}", "last_trick": "Dernier pli, pris par {name}", "no_trick": "Aucune carte jouée",
    "waiting_players": "En attente des autres joueurs…",
    "waiting_for": "À {names} de jouer…", "your_card": "À vous : choisissez une carte (←/→) puis Entrée.",
    "your_discard": "Écartez une carte : choisissez-la (←/→) puis Entrée.",
    "your_pass": "Choisissez {count} cartes à donner à {name} (←/→, espace), puis Entrée.",
    "your_bid": "À vous : tapez le numéro de votre choix.",
    "deal_over": "Donne finie. La suivante commence bientôt (Entrée : tout de suite).",
    "game_over": "Partie finie, victoire de {winners}. q pour quitter.",
    "game_abandoned": "La partie a été abandonnée. q pour quitter.",
    "selected": "choisies : {count}/{total}",
    "pass": "Passer", "take": "Prendre {suit}", "call": "Appeler {suit}", "declare": "Annoncer",
    "no-declare": "Ne pas annoncer", "next-deal": "Donne suivante", "give": "Donner {cards}", "play": "Jouer {card}",
    "discard": "Écarter {card}",
    "hint_title": "Conseil ({samples} donnes, en {unit} ; le meilleur d'abord)", "hint_wait": "Réflexion…",
    "unit.tricks": "plis", "unit.card_points": "points de cartes", "unit.penalty_points": "points de pénalité (moins c'est mieux)",
    "unit.deal_score_margin": "écart de score de la donne",
    "refused": "Refusé : {reason}", "error": "Erreur : {reason}", "lost": "Connexion perdue : {reason}",
    "result": "{deal} : {outcome}", "totals": "Scores", "deal_col": "donne", "winner_line": "victoire de {names}",
    "outcome.1": "blanche, tout le monde a passé", "outcome.2": "{taker} a fait son contrat", "outcome.3": "{taker} est dedans",
    "outcome.4": "{taker} a fait tous les plis (marche)", "outcome.5": "litige : les points des preneurs sont en suspens",
    "outcome.6": "jouée", "outcome.7": "{taker} a fait la lune",
    "team": "{a} et {b}",
    "ev.deal_started": "{deal} distribuée par {name}.", "ev.card_turned": "Carte retournée : {card}.",
    "ev.bid.pass": "{name} passe.", "ev.bid.take": "{name} prend.", "ev.bid.call": "{name} appelle {suit}.",
    "ev.trump_chosen": "{name} joue à {suit}.", "ev.hands_completed": "Les mains sont complétées.",
    "ev.discarded": "{name} écarte une carte.", "ev.discarded_own": "Vous écartez {card}.",
    "ev.cards_passed": "{name} donne trois cartes.", "ev.cards_received": "Vous recevez {cards} de {name}.",
    "ev.cards_received_all": "Chacun a reçu trois cartes.",
    "ev.declared": "{name} annonce.", "ev.declined": "{name} n'annonce pas.",
    "ev.declarations_resolved": "Annonces : {shown}.", "ev.no_declaration": "aucune annonce ne compte",
    "ev.belote_rebelote": "{name} : belote-rebelote (+{points}).",
    "ev.card_played": "{name} joue {card}.", "ev.trick_won": "{name} prend le pli {trick} ({points} pts).",
    "ev.deal_scored": "{deal} comptée : {outcome} ; {scores}.", "ev.game_over": "Partie finie : victoire de {names}.",
    "ev.seat_claimed": "{name} s'assoit.", "ev.game_started": "Toutes les places sont prises : la partie commence.",
    "ev.resigned": "{name} abandonne.", "ev.timed_out": "{name} n'a plus de temps.", "ev.forfeited": "{name} perd au temps.",
    "ev.abandoned": "La partie a été abandonnée.", "ev.rematch_created": "Une revanche a été créée.",
    "ev.card_played.you": "Vous jouez {card}.", "ev.bid.pass.you": "Vous passez.", "ev.bid.take.you": "Vous prenez.",
    "ev.bid.call.you": "Vous appelez {suit}.", "ev.trump_chosen.you": "Vous jouez à {suit}.",
    "ev.trick_won.you": "Vous prenez le pli {trick} ({points} pts).", "ev.declared.you": "Vous annoncez.",
    "ev.declined.you": "Vous n'annoncez pas.", "ev.belote_rebelote.you": "Vous : belote-rebelote (+{points}).",
    "ev.cards_passed.you": "Vous donnez trois cartes.", "ev.seat_claimed.you": "Vous vous asseyez.",
    "ev.resigned.you": "Vous abandonnez.", "ev.timed_out.you": "Vous n'avez plus de temps.",
    "ev.forfeited.you": "Vous perdez au temps.",
    "ev.trick_won.no_points": "{name} prend le pli {trick}.", "ev.trick_won.no_points.you": "Vous prenez le pli {trick}.",
    "reason.NOT_YOUR_TURN": "ce n'est pas à vous de jouer",
    "reason.MUST_FOLLOW_SUIT": "vous devez fournir la couleur demandée",
    "reason.MUST_TRUMP": "vous devez couper",
    "reason.MUST_OVERTRUMP": "vous devez monter à l'atout",
    "reason.MUST_UNDERTRUMP": "vous devez couper, même plus bas",
    "reason.MUST_LEAD_TWO_OF_CLUBS": "le deux de trèfle entame le premier pli",
    "reason.NO_POINTS_ON_FIRST_TRICK": "ni cœur ni dame de pique au premier pli",
    "reason.HEARTS_NOT_BROKEN": "les cœurs ne sont pas encore ouverts",
    "reason.CARD_NOT_IN_HAND": "cette carte n'est pas dans votre main",
    "reason.CANNOT_CALL_TURNED_SUIT": "vous ne pouvez pas appeler la couleur retournée",
    "reason.CANNOT_DISCARD_TURNED_CARD": "vous ne pouvez pas écarter la carte retournée",
    "reason.WRONG_CARD_COUNT": "choisissez exactement {count} cartes",
    "reason.NOTHING_TO_DECLARE": "vous n'avez rien à annoncer",
    "reason.WRONG_PHASE": "ce coup ne convient pas à ce moment de la donne",
    "reason.GAME_OVER": "la partie est finie",
    "reason.ALREADY_PASSED_CARDS": "vous avez déjà donné vos cartes",
    "reason.OUT_OF_TIME": "votre temps est écoulé",
    "reason.GAME_NOT_STARTED": "la partie n'a pas commencé : une place est libre",
    "reason.HINT_UNAVAILABLE": "pas de conseil possible maintenant",
    "reason.SOLVER_BUSY": "le serveur est occupé : réessayez",
    "reason.GAME_NOT_FOUND": "partie inconnue",
    "reason.SEAT_TAKEN": "cette place est prise",
    "reason.SEAT_NOT_OPEN": "cette place n'est pas libre",
    "reason.NO_OPEN_SEAT": "aucune place libre",
    "reason.INVALID_INVITATION": "code d'invitation absent ou faux",
    "reason.UNAVAILABLE": "le serveur est injoignable",
    "reason.DEADLINE_EXCEEDED": "le serveur n'a pas répondu à temps",
    "reason.VERSION_CONFLICT": "la table a avancé entre-temps : regardez à nouveau",
    "reason.CALLER_SHARE_EXHAUSTED": "trop d'analyses à la fois : réessayez dans un instant",
    "reason.INVALID_CREDENTIAL": "la clé de votre place n'est pas valable",
    "reason.MISSING_CREDENTIAL": "il faut la clé de votre place",
    "reason.WRONG_SEAT": "ce n'est pas votre place",
    "reason.DEAL_IN_PROGRESS": "la donne est encore en cours",
    "reason.DEAL_NOT_PLAYED": "personne n'a pris : rien à analyser",
    "reason.REMATCH_EXISTS": "la revanche existe déjà",
    "reason.GAME_NOT_OVER": "la partie n'est pas finie",
    "reason.STORAGE_UNAVAILABLE": "le serveur n'a pas pu l'enregistrer : réessayez",
    "keys.play": "←/→ carte · Entrée jouer · 1-9 enchère · h conseil · q quitter",
    "keys.pass": "←/→ carte · espace choisir · Entrée donner · h conseil · q quitter",
    "keys.watch": "q quitter",
    "box.table": "Table", "box.on_table": "Sur le tapis", "box.hand": "Votre main", "box.totals": "Scores",
    "box.log": "Le jeu", "box.hint": "Conseil",
}

_WORDS = {"en": _EN, "fr": _FR}


class Words:
    """The terminal's sentences in one language; a missing key falls back to English."""

    def __init__(self, lang: str = "en") -> None:
        self.lang = lang if lang in _WORDS else "en"
        self.table = _WORDS[self.lang]

    def __call__(self, key: str, **values: object) -> str:
        template = self.table.get(key) or _EN.get(key) or key
        return template.format_map(_Blanks(values))

    def about(self, key: str, you: bool, **values: object) -> str:
        """The sentence of ``key`` about the viewer himself ("You play") or another seat."""
        if you and (f"{key}.you" in self.table or f"{key}.you" in _EN):
            key = f"{key}.you"
        return self(key, **values)

    def reason(self, reason: str, message: str = "", **values: object) -> str:
        """A refusal in words: the reason's sentence, else the server's own message."""
        key = f"reason.{reason}"
        if key in self.table:
            return self(key, **values)
        return message or reason or "?"


class _Blanks(dict[str, object]):
    """Format values; a placeholder nobody filled reads "?" rather than raising."""

    def __missing__(self, key: str) -> str:
        return "?"
