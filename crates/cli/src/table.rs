//! What each command plays, looked up in the registry's catalogue ([`cards_registry`]): the
//! command line names no game. Every name in a help text or an error comes from the catalogue,
//! so they never disagree with it.

use std::ops::RangeInclusive;

use cards_registry::{GameType, catalogue, games};

/// Why a lookup found nothing, in words that name what exists and the option to change.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{}", message(.0))]
pub struct LookupError(cards_registry::LookupError);

fn message(e: &cards_registry::LookupError) -> String {
    match e {
        cards_registry::LookupError::Variant {
            game,
            variant,
            variants,
        } if variants.is_empty() => {
            format!("{game} has no variants, so --variant {variant} does not apply")
        }
        cards_registry::LookupError::Variant { .. } => format!("{e} (--variant)"),
        _ => e.to_string(),
    }
}

/// The game type of `game` played as `variant` (`None`: the game's default): what `simulate`,
/// `play` and `replay` play.
///
/// # Errors
/// [`LookupError`] naming the games or the game's variants.
pub fn lookup(game: &str, variant: Option<&str>) -> Result<&'static GameType, LookupError> {
    cards_registry::find(game, variant).map_err(LookupError)
}

/// The game type a duplicate tournament plays for `game` and `variant`: the one looked up, or
/// the unit it is compared in ([`GameType::compared_as`]: a whole game to a target, deal by
/// deal).
///
/// # Errors
/// [`LookupError`] naming the games or the game's variants.
pub fn competed(game: &str, variant: Option<&str>) -> Result<&'static GameType, LookupError> {
    let line = lookup(game, variant)?;
    match line.compared_as {
        Some(unit) => lookup(game, Some(unit)),
        None => Ok(line),
    }
}

/// Player counts as text: `2 to 4` (with `sep` between), or `4`.
#[must_use]
pub fn counts(range: &RangeInclusive<usize>, sep: &str) -> String {
    if range.start() == range.end() {
        range.start().to_string()
    } else {
        format!("{}{sep}{}", range.start(), range.end())
    }
}

/// The player counts of a game under default rules, over all its game types (Jass: 3 to 4,
/// Differenzler taking 3).
#[must_use]
pub fn players(game: &str) -> RangeInclusive<usize> {
    let ranges: Vec<_> = (catalogue().iter())
        .filter(|t| t.game == game)
        .map(GameType::players)
        .collect();
    let low = ranges.iter().map(|r| *r.start()).min().unwrap_or(0);
    let high = ranges.iter().map(|r| *r.end()).max().unwrap_or(0);
    low..=high
}

/// Which game types a command plays (`simulate` only those with a summary of many games).
pub type Plays = fn(&'static GameType) -> bool;

/// Every game type: what `play`, `tournament` and `rules` take.
#[must_use]
pub fn every(_: &'static GameType) -> bool {
    true
}

/// The game's variants that a command `plays`, its default first (empty for a game played one
/// way).
fn variants(game: &str, plays: Plays) -> Vec<&'static str> {
    catalogue()
        .iter()
        .filter(|t| t.game == game && plays(t))
        .filter_map(|t| t.variant)
        .collect()
}

/// `--variant`'s help: each game's variants that a command `plays`, its default first.
#[must_use]
pub fn variants_help(plays: Plays) -> String {
    let games: Vec<String> = games()
        .into_iter()
        .filter_map(|game| {
            let variants = variants(game, plays);
            let (first, rest) = variants.split_first()?;
            Some(format!(
                "{game}: {first} (the default){}",
                rest.iter().map(|v| format!(", {v}")).collect::<String>()
            ))
        })
        .collect();
    format!("The game's variant ({})", games.join("; "))
}

/// One line about a game: its default type's, with its other variants that a command `plays`.
#[must_use]
pub fn about(game: &str, plays: Plays) -> String {
    let about = lookup(game, None).map_or("", |t| t.about);
    match variants(game, plays).split_first() {
        Some((_, [])) | None => about.to_owned(),
        Some((first, rest)) => format!(
            "{about} (--variant {first}, the default); also --variant {}",
            rest.join(", ")
        ),
    }
}

/// What exists, for help texts: each game type with its line and player range.
#[must_use]
pub fn games_help() -> String {
    let mut text = String::from("Games:");
    let named = |t: &GameType| match t.variant {
        Some(v) => format!("{} --variant {v}", t.game),
        None => t.game.to_owned(),
    };
    let width = catalogue()
        .iter()
        .map(|t| named(t).len())
        .max()
        .unwrap_or(0);
    for t in catalogue() {
        text.push_str(&format!(
            "\n  {:<width$}  {} ({} players)",
            named(t),
            t.about,
            counts(&t.players(), "-"),
        ));
    }
    text
}

/// What records this build replays, for error texts: `this build replays records whose game
/// is "…", … or "…"`, every game type's record name in catalogue order.
#[must_use]
pub fn records_sentence() -> String {
    let names: Vec<String> = catalogue()
        .iter()
        .map(|t| format!("{:?}", t.record()))
        .collect();
    match names.split_last() {
        None => "this build replays no records".to_owned(),
        Some((last, [])) => format!("this build replays records whose game is {last}"),
        Some((last, rest)) => format!(
            "this build replays records whose game is {} or {last}",
            rest.join(", ")
        ),
    }
}

/// The rules of every game as `--rule NAME=VALUE` and `--preset` set them, for the long help:
/// read off each game type's rules, so it never disagrees with them. Game types of one game
/// share their rules; they are shown once, under the game.
#[must_use]
pub fn rules_help() -> String {
    let mut text = String::from(
        "Rules (--rule NAME=VALUE sets a field: NAME, default, values; --preset NAME starts \
         from a preset):",
    );
    for game in games() {
        let Ok(line) = lookup(game, None) else {
            continue;
        };
        let presets: Vec<&str> = line.presets().into_iter().map(|(name, _)| name).collect();
        let presets = if presets.is_empty() {
            String::new()
        } else {
            format!(" (presets: {})", presets.join(", "))
        };
        text.push_str(&format!("\n  {game}{presets}:"));
        for field in line.rule_fields() {
            text.push_str(&format!(
                "\n    {}={}  (default {})",
                field.name, field.values, field.default
            ));
        }
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lookups_name_what_exists() {
        let first = &catalogue()[0];
        assert!(std::ptr::eq(lookup(first.game, None).unwrap(), first));
        let e = lookup("bridge", None).unwrap_err().to_string();
        assert!(
            e.contains(&format!("the games are {}", games().join(", "))),
            "{e}"
        );
        for game in games() {
            let e = lookup(game, Some("nonesuch")).unwrap_err().to_string();
            if variants(game, every).is_empty() {
                assert_eq!(
                    e,
                    format!("{game} has no variants, so --variant nonesuch does not apply")
                );
            } else {
                assert!(e.ends_with("not \"nonesuch\" (--variant)"), "{e}");
            }
            assert!(!about(game, every).is_empty() && !players(game).is_empty());
            assert!(competed(game, None).unwrap().compared_as.is_none());
        }
        for line in catalogue() {
            assert!(games_help().contains(line.about));
            assert!(records_sentence().contains(&format!("{:?}", line.record())));
            let compared = competed(line.game, line.variant).unwrap();
            assert_eq!(compared.game, line.game);
        }
        assert_eq!(counts(&(4..=4), " to "), "4");
        assert_eq!(counts(&(2..=4), "-"), "2-4");
        assert_eq!(players("jass"), 3..=4);
    }
}
