//! Conversions between Python values and core types.

use crate::error::InvalidInputError;
use cardgames_solver::{Card, CardSet, Deal, DeclarationFact, Declared, Position, Progress, Solution, SolverError, TableEntry, Variant};
use pyo3::exceptions::PyOverflowError;
use pyo3::prelude::*;
use pyo3::types::PyDict;

pub fn variant(name: &str) -> Result<Variant, SolverError> {
    Variant::parse(name)
}

/// A variant's name and a position of it in the notation, parsed.
pub fn variant_position(variant_name: &str, text: &str) -> Result<(Variant, Position), SolverError> {
    let variant = variant(variant_name)?;
    Ok((variant, Position::parse(variant, text)?))
}

pub fn deal(variant: Variant, text: &str) -> Result<Deal, SolverError> {
    Deal::parse(variant, text)
}

/// Card codes to a set; a duplicate or unknown code is an error.
pub fn card_set(variant: Variant, codes: &[String]) -> Result<CardSet, SolverError> {
    let mut set = CardSet::EMPTY;
    for code in codes {
        let card = variant.parse_card(code)?;
        if set.contains(card) {
            return Err(SolverError::DuplicateCard(code.clone()));
        }
        set.insert(card);
    }
    Ok(set)
}

pub fn codes(variant: Variant, cards: &[Card]) -> Vec<String> {
    cards.iter().map(|&card| variant.card_code(card)).collect()
}

pub fn solution<'py>(py: Python<'py>, variant: Variant, solution: &Solution) -> PyResult<Bound<'py, PyDict>> {
    let dict = PyDict::new(py);
    dict.set_item("value", solution.value)?;
    let values: Vec<(String, i32)> = solution.card_values.iter().map(|&(card, v)| (variant.card_code(card), v)).collect();
    dict.set_item("card_values", values)?;
    dict.set_item("line", codes(variant, &solution.line))?;
    dict.set_item("nodes", solution.nodes)?;
    dict.set_item("to_play", solution.to_play)?;
    dict.set_item("maximising", solution.maximising)?;
    Ok(dict)
}

/// An anytime analysis's bounds: value (low, high), card_values [(code, low, high)], line,
/// nodes, to_play, maximising, stopped.
pub fn progress<'py>(py: Python<'py>, variant: Variant, progress: &Progress) -> PyResult<Bound<'py, PyDict>> {
    let dict = PyDict::new(py);
    dict.set_item("value", (progress.value.low, progress.value.high))?;
    let values: Vec<(String, i32, i32)> = progress.card_values.iter().map(|&(card, b)| (variant.card_code(card), b.low, b.high)).collect();
    dict.set_item("card_values", values)?;
    dict.set_item("line", codes(variant, &progress.line))?;
    dict.set_item("nodes", progress.nodes)?;
    dict.set_item("to_play", progress.to_play)?;
    dict.set_item("maximising", progress.maximising)?;
    dict.set_item("stopped", progress.stopped)?;
    Ok(dict)
}

pub fn table_entry(variant: Variant, entry: &TableEntry) -> (Option<String>, usize, i32) {
    let trump = entry.trump.map(|suit| variant.suit_codes()[suit as usize].to_string());
    (trump, entry.taker, entry.value)
}

/// A declaration from Python: (codes played since, trump suit code, (value, strongest) if
/// shown, (strongest, tie loses) if beaten); neither: not resolved yet.
pub type DeclarationSpec = (Vec<String>, String, Option<(u32, u32)>, Option<(u32, bool)>);

/// A declaration as the sampler takes it.
pub fn declaration(variant: Variant, (played, trump, shows, loses_to): &DeclarationSpec) -> Result<DeclarationFact, SolverError> {
    let trump =
        trump.chars().next().and_then(|code| variant.suit_index(code)).ok_or_else(|| SolverError::Inconsistent(format!("unknown trump suit {trump:?}")))?;
    let declared = match (shows, loses_to) {
        (Some((value, strongest)), None) => Declared::Shows { value: *value, strongest: *strongest },
        (None, Some((strongest, tie_loses))) => Declared::LosesTo { strongest: *strongest, tie_loses: *tie_loses },
        (None, None) => Declared::Holds,
        (Some(_), Some(_)) => return Err(SolverError::Inconsistent("a declaration both shown and beaten".into())),
    };
    Ok(DeclarationFact { played: card_set(variant, played)?, trump, declared })
}

/// A whole number from Python that must fit `T` (a seat, a count, a size, a target). Out of
/// range, a negative seat or a huge count say, is the typed `InvalidInputError` ("-1 is out
/// of range"), where PyO3's own conversion raises `OverflowError`; PyO3 notes which
/// argument it was. A value that is no int at all stays a `TypeError`.
pub struct Int<T>(pub T);

impl<'a, 'py, T> FromPyObject<'a, 'py> for Int<T>
where
    T: FromPyObject<'a, 'py, Error = PyErr>,
{
    type Error = PyErr;

    fn extract(obj: Borrowed<'a, 'py, PyAny>) -> PyResult<Self> {
        match T::extract(obj) {
            Ok(value) => Ok(Int(value)),
            Err(error) if error.is_instance_of::<PyOverflowError>(obj.py()) => {
                // Python will not print an int of more than 4,300 digits: then no number.
                let message = obj.str().map_or_else(|_| "out of range".to_string(), |text| format!("{text} is out of range"));
                Err(InvalidInputError::new_err(message))
            }
            Err(error) => Err(error),
        }
    }
}
