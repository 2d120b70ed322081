//! The rules a front end plays under, as its user chose them: one mechanism for every game,
//! with no rule stated here (the command line's `--preset`, `--rules` and `--rule`; a Python
//! user's or the page's preset and dictionary). Its messages name a preset and the rules given
//! as every front end's user knows them; only `--rule`, which the command line alone has, is
//! named as its flag.
//!
//! A game's rules are its crate's `Rules` value in its JSON form (the form records carry).
//! `--preset NAME` starts from one of the crate's named presets instead of the default;
//! `--rules JSON` merges a JSON object into them (fields left out keep their values); each
//! `--rule NAME=VALUE` then sets one field: `NAME` is the field's name in that JSON, a dotted
//! path into nested objects (`weis.scale`), with `-` read as `_` (`four-low`); `VALUE` is a
//! JSON value (`1000`, `true`, `null`, `["trio"]`) or else a string (`small`). The crate's
//! deserializer then reads the result and refuses, in its own words, a field it does not have
//! or a value it does not take; the game's setup validates the rest.
//!
//! The options help lists each game's rule fields with their defaults and the values they
//! take, read off the crate's rules the same way: the default JSON gives the fields (in its
//! order: by name) and defaults, and the deserializer's answer to a value no field takes names the allowed ones.

use std::fmt;

use cards_core::Presets;
use serde::Serialize;
use serde::de::{self, DeserializeOwned, DeserializeSeed, Deserializer, MapAccess, SeqAccess};
use serde_json::{Map, Value};

/// The most fields a `--rule` name has (`coiffeur.factors.joker7` has three): the rules nest
/// only a few levels deep.
pub const MAX_RULE_DEPTH: usize = 8;

/// The longest `--rules` JSON or `--rule NAME=VALUE`, in bytes: every game's rules in full take
/// under 2 KiB.
pub const MAX_RULE_TEXT: usize = 64 * 1024;

/// The rules a run plays under, as its user chose them.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct RuleChoices {
    /// A preset (`--preset`): one of the game's named presets instead of its default rules.
    pub preset: Option<String>,
    /// The rules given (`--rules`, Python's `rules=` dictionary): a JSON object merged into
    /// the rules.
    pub json: Option<String>,
    /// `--rule NAME=VALUE`, in order (the command line's alone).
    pub set: Vec<(String, String)>,
}

impl RuleChoices {
    /// Whether no rule was chosen (the game's default rules).
    #[must_use]
    pub fn is_default(&self) -> bool {
        self.preset.is_none() && self.json.is_none() && self.set.is_empty()
    }

    /// The arguments that make these choices, each after a space, shell-quoted:
    /// ` --rules '{"target":1000}' --rule weis.scale=small`.
    #[must_use]
    pub fn args(&self) -> String {
        let quote = |text: &str| format!("'{}'", text.replace('\'', "'\\''"));
        let plain = |text: &str| {
            text.chars()
                .all(|c| c.is_ascii_alphanumeric() || "=,-_.:".contains(c))
        };
        let mut args = String::new();
        if let Some(preset) = &self.preset {
            args.push_str(" --preset ");
            args.push_str(&if plain(preset) {
                preset.clone()
            } else {
                quote(preset)
            });
        }
        if let Some(json) = &self.json {
            args.push_str(&format!(" --rules {}", quote(json)));
        }
        for (name, value) in &self.set {
            let option = format!("{name}={value}");
            args.push_str(" --rule ");
            args.push_str(&if plain(&option) {
                option
            } else {
                quote(&option)
            });
        }
        args
    }

    /// What the text report says about the rules: `default rules`, or the choices as typed.
    #[must_use]
    pub fn describe(&self) -> String {
        if self.is_default() {
            "default rules".to_owned()
        } else {
            format!("rules:{}", self.args())
        }
    }

    /// The rules these choices make for a table of `players` of a game whose rules are `R`
    /// (`game` names it in messages): [`RuleChoices::rules`] with `R`'s presets, once the
    /// preset chosen, if any, is known to be made for `players` seats
    /// ([`Presets::preset_seats`]: Eléwénjewé's `professional` is for two).
    ///
    /// # Errors
    /// A preset made for other seat counts, named with the seats it is for; then
    /// [`RuleChoices::rules`]'s.
    pub fn rules_for<R: Presets + Serialize + DeserializeOwned + Default>(
        &self,
        game: &str,
        players: usize,
    ) -> Result<R, String> {
        self.check_seats::<R>(players)?;
        self.rules(game, &R::presets())
    }

    /// Whether the preset chosen, if any, is made for `players` seats.
    fn check_seats<R: Presets>(&self, players: usize) -> Result<(), String> {
        let Some(name) = &self.preset else {
            return Ok(());
        };
        match R::preset_seats(name) {
            Some(seats) if !seats.contains(&players) => {
                let seats = if seats.start() == seats.end() {
                    seats.start().to_string()
                } else {
                    format!("{} to {}", seats.start(), seats.end())
                };
                Err(format!(
                    "the {name} preset is for {seats} players, not {players}"
                ))
            }
            _ => Ok(()),
        }
    }

    /// The rules these choices make for a game (`game` names it in messages) whose presets are
    /// `presets`.
    ///
    /// # Errors
    /// A message saying which choice was wrong and why: an unknown preset (naming those that
    /// exist), rules given that are not JSON or not a JSON object, text past 64 KiB or nested
    /// past its limit, a `--rule` without a field name or whose path goes through a value, or
    /// rules the crate does not read (its deserializer's words).
    pub fn rules<R: Serialize + DeserializeOwned + Default>(
        &self,
        game: &str,
        presets: &[(&'static str, R)],
    ) -> Result<R, String> {
        let start = match &self.preset {
            None => R::default(),
            Some(name) => {
                let found = presets.iter().find(|(preset, _)| preset == name);
                let Some((_, rules)) = found else {
                    let names: Vec<&str> = presets.iter().map(|(preset, _)| *preset).collect();
                    return Err(if names.is_empty() {
                        format!("{game} has no presets, so the preset {name:?} does not apply")
                    } else {
                        format!(
                            "{game} has no preset {name:?}; its presets are {}",
                            names.join(", ")
                        )
                    });
                };
                reread(rules)?
            }
        };
        let mut json = to_json(&start)?;
        if let Some(text) = &self.json {
            if text.len() > MAX_RULE_TEXT {
                return Err(format!(
                    "the rules given are longer than the limit of {MAX_RULE_TEXT} bytes"
                ));
            }
            let given =
                strict_json(text).map_err(|e| format!("the rules given are not JSON: {e}"))?;
            let Value::Object(given) = given else {
                return Err(format!(
                    "the rules given must be a JSON object of {game}'s rules, not {}",
                    shown(text)
                ));
            };
            merge(&mut json, given);
            read::<R>(&json).map_err(|e| format!("the rules given are not {game}'s rules: {e}"))?;
        }
        for (name, value) in &self.set {
            if name.len() + value.len() > MAX_RULE_TEXT {
                return Err(format!(
                    "--rule is longer than the limit of {MAX_RULE_TEXT} bytes"
                ));
            }
            set(&mut json, name, value)?;
            read::<R>(&json).map_err(|e| {
                let takes = fields::<R>()
                    .into_iter()
                    .find(|field| field.name == name.replace('_', "-"))
                    .map(|field| format!("{} takes {}", field.name, field.values));
                // serde's own refusals of a type or a name say less than the field's values;
                // a game's words (`XX is not a Jass card`) say more, so they come first.
                let generic = [
                    "invalid type",
                    "invalid value",
                    "unknown variant",
                    "expected ",
                ]
                .iter()
                .any(|serde| e.starts_with(serde));
                let why = match takes {
                    Some(takes) if generic => takes,
                    Some(takes) => format!("{e} ({takes})"),
                    None => e,
                };
                format!("--rule {}={}: {why}", shown(name), shown(value))
            })?;
        }
        read::<R>(&json).map_err(|e| format!("the rules are not {game}'s rules: {e}"))
    }
}

/// A copy of `rules` through JSON (a preset given by value).
fn reread<R: Serialize + DeserializeOwned>(rules: &R) -> Result<R, String> {
    read(&to_json(rules)?)
}

fn to_json<R: Serialize>(rules: &R) -> Result<Value, String> {
    serde_json::to_value(rules).map_err(|e| format!("the rules cannot be written as JSON: {e}"))
}

fn read<R: DeserializeOwned>(json: &Value) -> Result<R, String> {
    R::deserialize(json).map_err(|e| crate::words::user_words(&e.to_string()))
}

/// Merges `given` into `json`: objects field by field, anything else replaced.
fn merge(json: &mut Value, given: Map<String, Value>) {
    let Value::Object(target) = json else {
        *json = Value::Object(given);
        return;
    };
    for (key, value) in given {
        match (target.get_mut(&key), value) {
            (Some(slot @ Value::Object(_)), Value::Object(inner)) => merge(slot, inner),
            (_, value) => {
                target.insert(key, value);
            }
        }
    }
}

/// `text` as an error message shows it: cut to 64 characters.
fn shown(text: &str) -> String {
    let mut cut: String = text.chars().take(64).collect();
    if cut.len() < text.len() {
        cut.push('…');
    }
    cut
}

/// `--rule NAME=VALUE` applied to the rules' JSON.
fn set(json: &mut Value, name: &str, value: &str) -> Result<(), String> {
    let rule = || format!("--rule {}={}", shown(name), shown(value));
    let path: Vec<String> = name.split('.').map(|part| part.replace('-', "_")).collect();
    if path.iter().any(String::is_empty) {
        return Err(format!(
            "{}: a rule is NAME=VALUE, NAME a field of the rules (weis.scale)",
            rule()
        ));
    }
    if path.len() > MAX_RULE_DEPTH {
        return Err(format!(
            "{}: NAME has {} fields; the rules nest at most {MAX_RULE_DEPTH} deep",
            rule(),
            path.len()
        ));
    }
    let value = if value.trim_start().starts_with(['{', '[', '"']) {
        strict_json(value).map_err(|e| format!("{}: VALUE is not JSON: {e}", rule()))?
    } else {
        serde_json::from_str(value).unwrap_or_else(|_| Value::String(value.to_owned()))
    };
    let mut slot = json;
    for (depth, part) in path.iter().enumerate() {
        match slot {
            Value::Object(_) => {}
            // A section the rules leave out when it is the default: its fields start empty.
            Value::Null => *slot = Value::Object(Map::new()),
            _ => {
                return Err(format!(
                    "{}: {} is a value, not a section with fields",
                    rule(),
                    path[..depth].join(".").replace('_', "-")
                ));
            }
        }
        let Value::Object(map) = slot else {
            unreachable!("made an object above")
        };
        slot = map.entry(part.clone()).or_insert(Value::Null);
    }
    *slot = value;
    Ok(())
}

/// Reads JSON text as serde_json does, but refuses an object that names a field twice (where
/// serde_json would keep the last), at any depth: the same as the game's records.
///
/// # Errors
/// serde_json's error, or the field given twice.
pub fn strict_json(text: &str) -> Result<Value, serde_json::Error> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut reader = serde_json::Deserializer::from_str(text);
    let value = Strict.deserialize(&mut reader)?;
    reader.end()?;
    Ok(value)
}

/// A JSON value, refusing duplicate fields.
#[derive(Clone, Copy)]
struct Strict;

impl<'de> DeserializeSeed<'de> for Strict {
    type Value = Value;

    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<Value, D::Error> {
        d.deserialize_any(self)
    }
}

impl<'de> de::Visitor<'de> for Strict {
    type Value = Value;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a JSON value")
    }

    fn visit_bool<E>(self, v: bool) -> Result<Value, E> {
        Ok(Value::Bool(v))
    }

    fn visit_i64<E>(self, v: i64) -> Result<Value, E> {
        Ok(Value::from(v))
    }

    fn visit_u64<E>(self, v: u64) -> Result<Value, E> {
        Ok(Value::from(v))
    }

    fn visit_f64<E>(self, v: f64) -> Result<Value, E> {
        Ok(Value::from(v))
    }

    fn visit_str<E>(self, v: &str) -> Result<Value, E> {
        Ok(Value::String(v.to_owned()))
    }

    fn visit_unit<E>(self) -> Result<Value, E> {
        Ok(Value::Null)
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Value, A::Error> {
        let mut items = Vec::new();
        while let Some(item) = seq.next_element_seed(self)? {
            items.push(item);
        }
        Ok(Value::Array(items))
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Value, A::Error> {
        let mut fields = Map::new();
        while let Some(key) = map.next_key::<String>()? {
            if fields.contains_key(&key) {
                return Err(de::Error::custom(format_args!(
                    "field {:?} is given twice",
                    shown(&key)
                )));
            }
            let value = map.next_value_seed(self)?;
            fields.insert(key, value);
        }
        Ok(Value::Object(fields))
    }
}

/// One rule field for the help: its path, its default, the values it takes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Field {
    /// The `--rule` name: the dotted path, `_` written as `-` (`weis.four-low`).
    pub name: String,
    /// Its default, as JSON (`false`, `2500`, `"big"`), or `left out` where the default JSON
    /// leaves the field out (a field written only when set) and no value tried reads back as
    /// the default.
    pub default: String,
    /// The values it takes (`big|small`, `true|false`, `a number`), as far as they can be read
    /// off the crate.
    pub values: String,
}

/// Every leaf field of `R`'s rules, by name, with what it takes: the fields of the default
/// JSON with their defaults, and the fields the default JSON leaves out (a field written only
/// when set), found in the deserializer's list of the fields it knows.
#[must_use]
pub fn fields<R: Serialize + DeserializeOwned + Default>() -> Vec<Field> {
    let Ok(json) = serde_json::to_value(R::default()) else {
        return Vec::new();
    };
    let mut out = Vec::new();
    leaves::<R>(&json, &json, &mut Vec::new(), &mut out);
    out.sort_by(|a, b| a.name.cmp(&b.name));
    out
}

/// The numbers tried as the default of a number field the default JSON leaves out.
const PROBED_NUMBERS: u32 = 1_000;

/// A text no field takes, to ask the deserializer what it expects.
const PROBE: &str = "\u{1}";

fn leaves<R: Serialize + DeserializeOwned + Default>(
    root: &Value,
    here: &Value,
    path: &mut Vec<String>,
    out: &mut Vec<Field>,
) {
    let Value::Object(map) = here else {
        out.push(Field {
            name: path.join(".").replace('_', "-"),
            default: here.to_string(),
            values: values::<R>(root, path, here),
        });
        return;
    };
    for (key, value) in map {
        path.push(key.clone());
        leaves::<R>(root, value, path, out);
        path.pop();
    }
    // The fields this object leaves out: named by the deserializer's refusal of a field it
    // does not know.
    path.push(PROBE.to_owned());
    let known = refusal::<R>(root, path, &Value::Null)
        .map(|message| expected_names(&message))
        .unwrap_or_default();
    path.pop();
    for key in known.into_iter().filter(|key| !map.contains_key(key)) {
        path.push(key);
        let mut with = root.clone();
        let _ = set(&mut with, &path.join("."), "{}");
        if read::<R>(&with).is_ok() {
            // A nested object of rules: its fields, from an empty object.
            leaves::<R>(&with, &Value::Object(Map::new()), path, out);
        } else {
            let values = values::<R>(root, path, &Value::Null);
            out.push(Field {
                name: path.join(".").replace('_', "-"),
                default: left_out_default::<R>(root, path, &values)
                    .unwrap_or_else(|| "left out".to_owned()),
                values,
            });
        }
        path.pop();
    }
}

/// The default of a field the default JSON leaves out: the one of the `values` it takes
/// (`true`, `false`, `null`, a name, a number up to [`PROBED_NUMBERS`]) with which the rules
/// read back as their default. `None` when none does.
fn left_out_default<R: Serialize + DeserializeOwned + Default>(
    root: &Value,
    path: &[String],
    values: &str,
) -> Option<String> {
    let default = serde_json::to_value(R::default()).ok()?;
    values
        .split('|')
        .flat_map(|value| -> Vec<Value> {
            match value {
                "true" => vec![Value::Bool(true)],
                "false" => vec![Value::Bool(false)],
                "null" => vec![Value::Null],
                "a number" => (0..=PROBED_NUMBERS).map(Value::from).collect(),
                name if name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') => {
                    vec![Value::String(name.to_owned())]
                }
                _ => Vec::new(),
            }
        })
        .find(|candidate| {
            let mut json = root.clone();
            set(&mut json, &path.join("."), &candidate.to_string()).is_ok()
                && read::<R>(&json)
                    .ok()
                    .and_then(|rules| serde_json::to_value(rules).ok())
                    .is_some_and(|rules| rules == default)
        })
        .map(|value| value.to_string())
}

/// The deserializer's refusal of the rules `root` with the field at `path` set to `value`.
fn refusal<R: DeserializeOwned>(root: &Value, path: &[String], value: &Value) -> Option<String> {
    let mut json = root.clone();
    set(&mut json, &path.join("."), &value.to_string()).ok()?;
    read::<R>(&json).err()
}

/// What the field at `path` takes, asked of the deserializer: whether it reads `null`, and
/// for text the names its refusal of a text no field takes lists. A field the default leaves
/// out (`default` null) is asked what it reads: `true`, a number, a text.
fn values<R: DeserializeOwned>(root: &Value, path: &[String], default: &Value) -> String {
    let accepts = |value: Value| refusal::<R>(root, path, &value).is_none();
    // A name the field does not take as text is a variant with a value (`{"Seat":N}`).
    let names = || {
        refusal::<R>(root, path, &Value::String(PROBE.to_owned()))
            .map(|message| expected_names(&message))
            .unwrap_or_default()
            .into_iter()
            .map(|name| {
                if accepts(Value::String(name.clone()))
                    || !accepts(serde_json::json!({ name.clone(): 0 }))
                {
                    name
                } else {
                    format!("{{{name:?}:N}}")
                }
            })
            .collect::<Vec<_>>()
    };
    let text = |names: Vec<String>| {
        if names.is_empty() {
            "text".to_owned()
        } else {
            names.join("|")
        }
    };
    let nullable = accepts(Value::Null);
    let or_null = |text: String| {
        if nullable {
            format!("{text}|null")
        } else {
            text
        }
    };
    match default {
        Value::Bool(_) => or_null("true|false".to_owned()),
        Value::Number(_) => or_null("a number".to_owned()),
        Value::String(_) => or_null(text(names())),
        Value::Array(_) => or_null("a JSON list".to_owned()),
        Value::Object(_) => or_null("a JSON object".to_owned()),
        Value::Null if accepts(Value::Bool(true)) => or_null("true|false".to_owned()),
        Value::Null if accepts(Value::from(0)) => or_null("a number".to_owned()),
        // A field whose value has fields of its own, none of them optional.
        Value::Null
            if refusal::<R>(root, path, &Value::Object(Map::new()))
                .is_some_and(|e| e.starts_with("missing field")) =>
        {
            or_null("a JSON object".to_owned())
        }
        Value::Null => or_null(text(names())),
    }
}

/// The names in a serde error's "expected one of `a`, `b`" (or "expected `a` or `b`").
fn expected_names(message: &str) -> Vec<String> {
    let Some((_, tail)) = message.split_once("expected") else {
        return Vec::new();
    };
    tail.split('`')
        .skip(1)
        .step_by(2)
        .map(str::to_owned)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
    #[serde(default, deny_unknown_fields)]
    struct Rules {
        target: Option<u32>,
        weis: Weis,
        sweep: bool,
        /// Written only when set.
        #[serde(skip_serializing_if = "Option::is_none")]
        dealer: Option<u8>,
        /// Written only when not the default.
        #[serde(skip_serializing_if = "is_default")]
        extra: Weis,
    }

    fn is_default(weis: &Weis) -> bool {
        *weis == Weis::default()
    }

    #[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
    #[serde(default, deny_unknown_fields)]
    struct Weis {
        scale: Scale,
        four_low: bool,
    }

    #[derive(Debug, Clone, Copy, PartialEq, serde::Serialize, serde::Deserialize)]
    #[serde(rename_all = "snake_case")]
    enum Scale {
        Big,
        Small,
    }

    impl Default for Rules {
        fn default() -> Self {
            Rules {
                target: Some(2500),
                weis: Weis::default(),
                sweep: true,
                dealer: None,
                extra: Weis::default(),
            }
        }
    }

    impl Default for Weis {
        fn default() -> Self {
            Weis {
                scale: Scale::Big,
                four_low: false,
            }
        }
    }

    fn choose(set: &[(&str, &str)]) -> RuleChoices {
        RuleChoices {
            set: set
                .iter()
                .map(|(n, v)| ((*n).to_owned(), (*v).to_owned()))
                .collect(),
            ..RuleChoices::default()
        }
    }

    #[test]
    fn a_rule_sets_one_field_by_its_path() {
        let rules: Rules = choose(&[("weis.scale", "small"), ("weis.four-low", "true")])
            .rules("demo", &[])
            .unwrap();
        assert_eq!(rules.weis.scale, Scale::Small);
        assert!(rules.weis.four_low);
        let rules: Rules = choose(&[("target", "null"), ("sweep", "false")])
            .rules("demo", &[])
            .unwrap();
        assert_eq!((rules.target, rules.sweep), (None, false));
        let rules: Rules = choose(&[("target", "1000")]).rules("demo", &[]).unwrap();
        assert_eq!(rules.target, Some(1000));
    }

    #[test]
    fn the_crate_refuses_in_its_own_words() {
        let error = choose(&[("weis.scale", "huge")])
            .rules::<Rules>("demo", &[])
            .unwrap_err();
        assert!(
            error == "--rule weis.scale=huge: weis.scale takes big|small",
            "{error}"
        );
        let error = choose(&[("wies", "1")])
            .rules::<Rules>("demo", &[])
            .unwrap_err();
        assert!(
            error.contains("unknown field `wies`") && error.contains("`weis`"),
            "{error}"
        );
        let error = choose(&[("target", "many")])
            .rules::<Rules>("demo", &[])
            .unwrap_err();
        assert!(error.contains("--rule target=many"), "{error}");
        let error = choose(&[("", "1")])
            .rules::<Rules>("demo", &[])
            .unwrap_err();
        assert!(error.contains("NAME=VALUE"), "{error}");
    }

    /// Names, values and JSON are bounded, a field below a value is refused, and a field
    /// given twice is refused at any depth, as in records.
    #[test]
    fn rule_text_is_bounded_and_strict() {
        let deep = ["a"; MAX_RULE_DEPTH + 1].join(".");
        let error = choose(&[(&deep, "1")])
            .rules::<Rules>("demo", &[])
            .unwrap_err();
        assert!(error.contains("the rules nest at most 8 deep"), "{error}");
        let long = "a.".repeat(MAX_RULE_TEXT);
        let error = choose(&[(&long, "1")])
            .rules::<Rules>("demo", &[])
            .unwrap_err();
        assert!(error.contains("longer than the limit"), "{error}");
        let error = choose(&[("sweep.x", "1")])
            .rules::<Rules>("demo", &[])
            .unwrap_err();
        assert!(
            error.ends_with("sweep is a value, not a section with fields"),
            "{error}"
        );
        let error = choose(&[("weis", "{\"scale\":\"big\",\"scale\":\"small\"}")])
            .rules::<Rules>("demo", &[])
            .unwrap_err();
        assert!(error.contains("field \"scale\" is given twice"), "{error}");
        let twice = RuleChoices {
            json: Some("{\"weis\":{\"scale\":\"big\",\"scale\":\"small\"}}".to_owned()),
            ..RuleChoices::default()
        };
        let error = twice.rules::<Rules>("demo", &[]).unwrap_err();
        assert!(error.contains("field \"scale\" is given twice"), "{error}");
        let with_bom = RuleChoices {
            json: Some("\u{feff}{\"sweep\":false}".to_owned()),
            ..RuleChoices::default()
        };
        assert!(!with_bom.rules::<Rules>("demo", &[]).unwrap().sweep);
        assert_eq!(
            strict_json("[1, {\"a\": [true, null, 2.5, \"x\"]}]").unwrap(),
            serde_json::json!([1, {"a": [true, null, 2.5, "x"]}])
        );
        assert!(strict_json("{} x").is_err());
    }

    #[test]
    fn rules_json_merges_and_presets_start() {
        let mut choices = choose(&[("sweep", "false")]);
        choices.json = Some(r#"{"weis":{"scale":"small"}}"#.to_owned());
        let rules: Rules = choices.rules("demo", &[]).unwrap();
        assert_eq!(
            (rules.weis.scale, rules.weis.four_low, rules.sweep),
            (Scale::Small, false, false)
        );
        choices.json = Some("[1]".to_owned());
        assert!(
            choices
                .rules::<Rules>("demo", &[])
                .unwrap_err()
                .contains("JSON object")
        );

        let small = Rules {
            weis: Weis {
                scale: Scale::Small,
                four_low: true,
            },
            ..Rules::default()
        };
        let presets = [("small", small.clone())];
        let chosen = RuleChoices {
            preset: Some("small".into()),
            ..RuleChoices::default()
        };
        assert_eq!(chosen.rules("demo", &presets).unwrap(), small);
        let wrong = RuleChoices {
            preset: Some("tiny".into()),
            ..RuleChoices::default()
        };
        let error = wrong.rules::<Rules>("demo", &presets).unwrap_err();
        assert!(
            error.contains("no preset \"tiny\"; its presets are small"),
            "{error}"
        );
        assert!(
            wrong
                .rules::<Rules>("demo", &[])
                .unwrap_err()
                .contains("has no presets")
        );
    }

    /// A preset and the rules given come from Python and the page too, whose users have no
    /// `--rules` or `--preset` to read about.
    #[test]
    fn what_every_front_end_chooses_is_refused_without_a_flag() {
        let json = |text: &str| RuleChoices {
            json: Some(text.to_owned()),
            ..RuleChoices::default()
        };
        let preset = RuleChoices {
            preset: Some("tiny".into()),
            ..RuleChoices::default()
        };
        let long = format!("{{\"sweep\":true{}}}", " ".repeat(MAX_RULE_TEXT));
        for (choices, words) in [
            (
                json("{\"colour\":1}"),
                "the rules given are not demo's rules: unknown field `colour`",
            ),
            (
                json("[1]"),
                "the rules given must be a JSON object of demo's rules, not [1]",
            ),
            (json("{"), "the rules given are not JSON"),
            (
                json(&long),
                "the rules given are longer than the limit of 65536 bytes",
            ),
            (
                preset,
                "demo has no presets, so the preset \"tiny\" does not apply",
            ),
        ] {
            let error = choices.rules::<Rules>("demo", &[]).unwrap_err();
            assert!(error.starts_with(words), "{error}");
            assert!(!error.contains("--"), "{error}");
        }
    }

    #[test]
    fn fields_are_read_off_the_rules() {
        let fields = fields::<Rules>();
        let shown: Vec<(&str, &str, &str)> = fields
            .iter()
            .map(|f| (f.name.as_str(), f.default.as_str(), f.values.as_str()))
            .collect();
        assert_eq!(
            shown,
            [
                ("dealer", "null", "a number|null"),
                ("extra.four-low", "false", "true|false"),
                ("extra.scale", "\"big\"", "big|small"),
                ("sweep", "true", "true|false"),
                ("target", "2500", "a number|null"),
                ("weis.four-low", "false", "true|false"),
                ("weis.scale", "\"big\"", "big|small"),
            ]
        );
    }

    #[test]
    fn args_repeat_the_choices() {
        let mut choices = choose(&[("weis.scale", "small"), ("name", "a b")]);
        choices.preset = Some("casual".into());
        assert_eq!(
            choices.args(),
            " --preset casual --rule weis.scale=small --rule 'name=a b'"
        );
        assert_eq!(RuleChoices::default().describe(), "default rules");
    }
}
