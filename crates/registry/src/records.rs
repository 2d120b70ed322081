//! [`Records`]: games' records kept in memory as compact JSON text, back to back in one buffer.
//!
//! A front end that keeps a tournament's records until it returns (Python's
//! `tournament(..., records=True)`, a shard) holds them here: a record as text takes 0.5 to 4 KiB,
//! where the same record parsed into JSON values took 4 to 44 KiB in many small allocations.
//! The buffer grows with `try_reserve`, so a run whose records outgrow the memory is refused in
//! words ([`ShardError::NoMemory`]) rather than ending the process.

use core::fmt;
use std::io;

use serde::de::{SeqAccess, Visitor};
use serde::ser::SerializeSeq;
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use serde_json::value::RawValue;

use crate::error::TableError;
use crate::shard::ShardError;

/// Games' records (each the library's `GameRecord` JSON) as compact JSON text, in the order
/// they were added. As JSON (between processes) it is an array of the records.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Records {
    /// Every record's text, one after another.
    text: String,
    /// Where each record's text ends in `text`.
    ends: Vec<usize>,
}

impl Records {
    /// No records.
    #[must_use]
    pub fn new() -> Records {
        Records::default()
    }

    /// How many records it holds.
    #[must_use]
    pub fn len(&self) -> usize {
        self.ends.len()
    }

    /// Whether it holds none.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.ends.is_empty()
    }

    /// The records' JSON text, one by one, in order.
    #[must_use]
    pub fn iter(&self) -> Iter<'_> {
        Iter {
            text: &self.text,
            start: 0,
            ends: self.ends.iter(),
        }
    }

    /// The bytes its records take.
    #[must_use]
    pub fn bytes(&self) -> u64 {
        (self.text.len() + size_of_val(&self.ends[..])) as u64
    }

    /// Adds `more`'s records after its own, for deal `deal` (named in a refusal).
    ///
    /// # Errors
    /// [`ShardError::NoMemory`] when memory runs short for them, with the records unchanged.
    pub fn append(&mut self, deal: u64, more: &Records) -> Result<(), ShardError> {
        if self.text.try_reserve(more.text.len()).is_err()
            || self.ends.try_reserve(more.ends.len()).is_err()
        {
            return Err(self.no_memory(deal));
        }
        let base = self.text.len();
        self.text.push_str(&more.text);
        self.ends.extend(more.ends.iter().map(|end| base + end));
        Ok(())
    }

    /// Adds `record` as compact JSON, for deal `deal` (named in a refusal).
    ///
    /// # Errors
    /// [`ShardError::NoMemory`] (as [`TableError::Shard`]) when memory runs short for it, and
    /// [`TableError::Json`] when it cannot be written (a bug in a game's serde); either way
    /// with the records unchanged.
    pub(crate) fn push(&mut self, deal: u64, record: &impl Serialize) -> Result<(), TableError> {
        if self.ends.try_reserve(1).is_err() {
            return Err(self.no_memory(deal).into());
        }
        let start = self.text.len();
        if let Err(e) = serde_json::to_writer(Room(&mut self.text), record) {
            self.text.truncate(start);
            return Err(self.refused(deal, &e));
        }
        self.ends.push(self.text.len());
        Ok(())
    }

    /// What a record's failed writing says: a shortage of memory, or a bug in a game's serde.
    fn refused(&self, deal: u64, e: &serde_json::Error) -> TableError {
        if e.io_error_kind() == Some(io::ErrorKind::OutOfMemory) {
            self.no_memory(deal).into()
        } else {
            TableError::Json(e.to_string())
        }
    }

    fn no_memory(&self, deal: u64) -> ShardError {
        ShardError::NoMemory {
            deal,
            bytes: self.bytes(),
        }
    }
}

impl<'a> IntoIterator for &'a Records {
    type Item = &'a str;
    type IntoIter = Iter<'a>;

    fn into_iter(self) -> Iter<'a> {
        self.iter()
    }
}

/// The JSON text of each of the [`Records`], in order ([`Records::iter`]).
#[derive(Clone, Debug)]
pub struct Iter<'a> {
    text: &'a str,
    /// Where the next record starts.
    start: usize,
    ends: core::slice::Iter<'a, usize>,
}

impl<'a> Iterator for Iter<'a> {
    type Item = &'a str;

    fn next(&mut self) -> Option<&'a str> {
        let end = *self.ends.next()?;
        let record = self.text.get(self.start..end)?;
        self.start = end;
        Some(record)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        self.ends.size_hint()
    }
}

impl ExactSizeIterator for Iter<'_> {}

/// A string that JSON is written into, asking for room before each piece (a `String`'s own
/// growth would end the process when memory runs short).
struct Room<'a>(&'a mut String);

impl io::Write for Room<'_> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        // serde_json writes whole characters each time, so every piece is text by itself.
        let piece = core::str::from_utf8(buf).map_err(io::Error::other)?;
        self.0
            .try_reserve(piece.len())
            .map_err(|_| io::Error::from(io::ErrorKind::OutOfMemory))?;
        self.0.push_str(piece);
        Ok(buf.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

impl Serialize for Records {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut seq = serializer.serialize_seq(Some(self.len()))?;
        for record in self {
            // Each piece was written as JSON by `push`, or read as JSON by `deserialize`.
            let raw: &RawValue = serde_json::from_str(record).map_err(serde::ser::Error::custom)?;
            seq.serialize_element(raw)?;
        }
        seq.end()
    }
}

impl<'de> Deserialize<'de> for Records {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Records, D::Error> {
        struct Texts;

        impl<'de> Visitor<'de> for Texts {
            type Value = Records;

            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("an array of game records")
            }

            // Each record straight into the buffer, so a large shard is not held twice.
            fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Records, A::Error> {
                let mut records = Records::new();
                while let Some(raw) = seq.next_element::<Box<RawValue>>()? {
                    records.text.push_str(raw.get());
                    records.ends.push(records.text.len());
                }
                Ok(records)
            }
        }

        deserializer.deserialize_seq(Texts)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn records_keep_their_text_and_order_and_cross_json() {
        let mut records = Records::new();
        records.push(3, &json!({"a": [1, 2], "b": "é"})).unwrap();
        records.push(3, &json!({"c": null})).unwrap();
        assert_eq!(
            records.iter().collect::<Vec<_>>(),
            [r#"{"a":[1,2],"b":"é"}"#, r#"{"c":null}"#]
        );
        let text = serde_json::to_string(&records).unwrap();
        assert_eq!(text, r#"[{"a":[1,2],"b":"é"},{"c":null}]"#);
        assert_eq!(serde_json::from_str::<Records>(&text).unwrap(), records);

        let mut all = Records::new();
        all.push(1, &json!(1)).unwrap();
        all.append(3, &records).unwrap();
        assert_eq!(all.len(), 3);
        assert_eq!(all.iter().last(), Some(r#"{"c":null}"#));
        // `1`, then 20 and 10 bytes of text (the é is two), and where each ends.
        assert_eq!(all.bytes(), 1 + 20 + 10 + 3 * size_of::<usize>() as u64);
    }

    #[test]
    fn a_record_that_cannot_be_written_leaves_the_records_as_they_were() {
        struct Refuses;
        impl Serialize for Refuses {
            fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                let mut seq = s.serialize_seq(None)?;
                seq.serialize_element(&1)?;
                Err(serde::ser::Error::custom("no"))
            }
        }
        let mut records = Records::new();
        records.push(0, &json!([true])).unwrap();
        let before = records.clone();
        assert!(matches!(
            records.push(0, &Refuses),
            Err(TableError::Json(_))
        ));
        assert_eq!(records, before);
    }

    #[test]
    fn a_shortage_while_writing_is_refused_in_words_with_the_bytes_held() {
        let mut records = Records::new();
        records.push(0, &json!("x")).unwrap();
        let short = serde_json::Error::io(io::ErrorKind::OutOfMemory.into());
        let e = records.refused(9, &short);
        assert_eq!(
            e,
            TableError::Shard(ShardError::NoMemory {
                deal: 9,
                bytes: 3 + size_of::<usize>() as u64
            })
        );
        assert!(
            e.to_string()
                .contains("memory ran short for the data of deal 9"),
            "{e}"
        );
        let other = serde_json::Error::io(io::Error::other("disk"));
        assert!(matches!(records.refused(9, &other), TableError::Json(_)));
    }
}
