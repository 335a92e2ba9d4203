//! Tags and the words posts are searched by (docs/community-contract.md, "Rules"). A tag is
//! `#word` in a caption or an entry of a post's `tags[]`, both normalised the same way; a
//! search query becomes words that can only be words, whatever was typed, so no input can
//! change the meaning of an FTS5 or `to_tsquery` expression.

use unicode_normalization::UnicodeNormalization;
use unicode_normalization::char::is_combining_mark;

use crate::kernel::error::DomainError;

/// Characters of a tag, at most (the contract's 1–50).
pub const TAG_MAX_CHARS: usize = 50;
/// Characters of a search query, at most, after trimming.
pub const SEARCH_MAX_CHARS: usize = 100;
/// A longer word is indexed and searched by its first 100 characters: PostgreSQL skips a
/// lexeme over 2047 bytes, FTS5 does not, and both must see the same words.
const WORD_MAX_CHARS: usize = 100;
pub const TAG_NOT_FOUND: &str = "Tag not found";

/// A character a tag is made of: a Unicode letter or digit, or `_`.
fn is_tag_char(c: char) -> bool {
    c.is_alphanumeric() || c == '_'
}

/// Whether `text` (already lowercase) is a tag: 1–50 tag characters.
fn is_tag(text: &str) -> bool {
    let count = text.chars().count();
    (1..=TAG_MAX_CHARS).contains(&count) && text.chars().all(is_tag_char)
}

/// One entry of a post's `tags[]` as a tag: leading `#`s dropped, whitespace removed
/// ('Digital Art' → 'digitalart'), lowercase. `None` when what is left is not 1–50 letters,
/// digits or `_`: the entry stays in the post's `tags[]` as typed but indexes nothing.
pub fn normalize_tag(entry: &str) -> Option<String> {
    let tag: String = entry
        .trim()
        .trim_start_matches('#')
        .chars()
        .filter(|c| !c.is_whitespace())
        .flat_map(char::to_lowercase)
        .collect();
    is_tag(&tag).then_some(tag)
}

/// The `#hashtags` of a caption, lowercase, each once, in order. A hashtag is `#` followed by
/// 1–50 tag characters, where the `#` starts a word (the caption's start or after a character
/// that is not a tag character: 'C#' and 'issue#5' are not tags) and the run of tag characters
/// ends there (a run over 50 is no tag, not a cut one).
pub fn hashtags(caption: &str) -> Vec<String> {
    let mut tags: Vec<String> = Vec::new();
    let mut previous: Option<char> = None;
    let mut chars = caption.char_indices().peekable();
    while let Some((at, c)) = chars.next() {
        let starts_word = previous.is_none_or(|p| !is_tag_char(p));
        previous = Some(c);
        if c != '#' || !starts_word {
            continue;
        }
        let start = at + c.len_utf8();
        let mut end = start;
        while let Some(&(i, next)) = chars.peek() {
            if !is_tag_char(next) {
                break;
            }
            end = i + next.len_utf8();
            previous = Some(next);
            chars.next();
        }
        let tag: String = caption[start..end]
            .chars()
            .flat_map(char::to_lowercase)
            .collect();
        if is_tag(&tag) && !tags.contains(&tag) {
            tags.push(tag);
        }
    }
    tags
}

/// A post's tags: its caption's hashtags, then its `tags[]` entries that are tags, each once.
pub fn post_tags(caption: &str, entries: &[String]) -> Vec<String> {
    let mut tags = hashtags(caption);
    for tag in entries.iter().filter_map(|entry| normalize_tag(entry)) {
        if !tags.contains(&tag) {
            tags.push(tag);
        }
    }
    tags
}

/// The words of `text` as posts are indexed and searched by: runs of Unicode letters and
/// digits, lowercase, accents dropped (canonical decomposition without its combining marks:
/// 'São' → 'sao'), each at most 100 characters. Everything else separates words, `_` included.
pub fn words(text: &str) -> Vec<String> {
    let mut words = Vec::new();
    let mut word = String::new();
    let mut length = 0;
    for c in text.nfd() {
        if is_combining_mark(c) {
            continue; // an accent: part of the letter before it, dropped
        }
        if c.is_alphanumeric() {
            if length < WORD_MAX_CHARS {
                word.extend(c.to_lowercase());
                length += 1;
            }
        } else if !word.is_empty() {
            words.push(std::mem::take(&mut word));
            length = 0;
        }
    }
    if !word.is_empty() {
        words.push(word);
    }
    words
}

/// What a post is found by: the words of its caption, location and tags, space-separated
/// (stored in `posts.search_words` and indexed by both backends). A tag that is a hashtag of
/// the caption is in the caption's words already: adding it again would rank the post as if
/// it said the word twice.
pub fn search_words(caption: &str, location: Option<&str>, tags: &[String]) -> String {
    let mut all = words(caption);
    all.extend(words(location.unwrap_or_default()));
    let in_caption = hashtags(caption);
    for tag in tags.iter().filter(|tag| !in_caption.contains(tag)) {
        all.extend(words(tag));
    }
    all.join(" ")
}

/// A search as the server runs it: the query's words for posts (every one must match, the
/// last as a prefix) and its tag prefix.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SearchQuery {
    /// Trimmed, as typed: the users' search takes it as it is.
    pub text: String,
    pub words: Vec<String>,
    /// The query as a tag prefix (a leading `#` dropped, whitespace removed, lowercase), or
    /// `None` when it cannot begin a tag.
    pub tag_prefix: Option<String>,
}

impl SearchQuery {
    /// `q` trimmed; over 100 characters → 400. Blank is a query that finds nothing.
    pub fn parse(raw: Option<&str>) -> Result<Self, DomainError> {
        let text = raw.unwrap_or_default().trim();
        if text.chars().count() > SEARCH_MAX_CHARS {
            return Err(DomainError::invalid(format!(
                "Search text must be at most {SEARCH_MAX_CHARS} characters"
            )));
        }
        Ok(Self {
            text: text.to_owned(),
            words: words(text),
            tag_prefix: normalize_tag(text),
        })
    }

    pub fn is_blank(&self) -> bool {
        self.text.is_empty()
    }

    /// The last word, which a post matches by any word that begins with it (as someone types).
    /// `None` without words.
    pub fn prefix(&self) -> Option<&str> {
        self.words.last().map(String::as_str)
    }

    /// The FTS5 query: each word but the last a quoted string (so nothing in it is FTS5
    /// syntax), all of them required, and the last word as the `completions` it was expanded
    /// to (whole words, any of them): `"w1" AND "w2" AND ("c1" OR "c2")`. `None` without words
    /// or completions (nothing can match).
    pub fn fts5(&self, completions: &[String]) -> Option<String> {
        let (_, rest) = self.words.split_last()?;
        if completions.is_empty() {
            return None;
        }
        let mut query = String::new();
        for word in rest {
            query.push_str(&quoted(word));
            query.push_str(" AND ");
        }
        query.push('(');
        for (n, completion) in completions.iter().enumerate() {
            if n > 0 {
                query.push_str(" OR ");
            }
            query.push_str(&quoted(completion));
        }
        query.push(')');
        Some(query)
    }

    /// The `to_tsquery('simple', …)` text of the same search: `w1 & w2 & (c1 | c2)`. Words
    /// and completions are letters and digits only (`words`), so none of `& | ! ( ) : * '`
    /// can reach the parser. `None` without words or completions.
    pub fn tsquery(&self, completions: &[String]) -> Option<String> {
        let (_, rest) = self.words.split_last()?;
        if completions.is_empty() {
            return None;
        }
        let mut query = String::new();
        for word in rest {
            query.push_str(word);
            query.push_str(" & ");
        }
        query.push('(');
        query.push_str(&completions.join(" | "));
        query.push(')');
        Some(query)
    }
}

/// BM25's term-frequency saturation and document-length weight (the usual defaults).
const BM25_K1: f64 = 1.2;
const BM25_B: f64 = 0.75;

impl SearchQuery {
    /// How well a post whose search words are `document` (space-separated, as stored) answers
    /// the query, higher better: BM25 without its inverse document frequency, summed over the
    /// query's words (the last matching as a prefix), with `average_words` as the average
    /// document length. The frequency part is left out on purpose: every ranked post holds
    /// every word of the query, so it would only weigh one word against another, and counting
    /// it means reading every post with the word (work that grows with the site); PostgreSQL's
    /// `ts_rank` leaves it out too. So a post that says the words more often, in fewer words,
    /// ranks first.
    pub fn score(&self, document: &str, average_words: f64) -> f64 {
        let Some((last, rest)) = self.words.split_last() else {
            return 0.0;
        };
        let document: Vec<&str> = document.split_whitespace().collect();
        let length = document.len() as f64 / average_words.max(1.0);
        let norm = BM25_K1 * (1.0 - BM25_B + BM25_B * length);
        let weight = |frequency: usize| {
            let frequency = frequency as f64;
            frequency * (BM25_K1 + 1.0) / (frequency + norm)
        };
        let exact = rest
            .iter()
            .map(|word| weight(document.iter().filter(|w| **w == word.as_str()).count()))
            .sum::<f64>();
        exact
            + weight(
                document
                    .iter()
                    .filter(|w| w.starts_with(last.as_str()))
                    .count(),
            )
    }
}

/// An FTS5 string: double quotes doubled (words never hold one; kept for safety).
fn quoted(word: &str) -> String {
    format!("\"{}\"", word.replace('"', "\"\""))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_entry_loses_its_hash_and_spaces_and_is_lowercased() {
        assert_eq!(normalize_tag("Digital Art").as_deref(), Some("digitalart"));
        assert_eq!(normalize_tag(" #Sunset ").as_deref(), Some("sunset"));
        assert_eq!(normalize_tag("Ünïcode_2").as_deref(), Some("ünïcode_2"));
        assert_eq!(normalize_tag("##x").as_deref(), Some("x"));
    }

    #[test]
    fn entries_that_are_not_letters_digits_or_underscores_are_no_tag() {
        for entry in [
            "",
            "#",
            "rock&roll",
            "a.b",
            "emoji🎨",
            "x-y",
            &"a".repeat(51),
        ] {
            assert_eq!(normalize_tag(entry), None, "{entry:?}");
        }
        assert!(normalize_tag(&"é".repeat(50)).is_some());
    }

    #[test]
    fn hashtags_start_a_word_and_are_kept_once_in_order() {
        assert_eq!(
            hashtags("Dusk #Lisbon #sunset, again #LISBON and C# issue#5 ##twice #"),
            ["lisbon", "sunset", "twice"]
        );
        assert_eq!(hashtags("#café_2024!"), ["café_2024"]);
        assert!(hashtags(&format!("#{}", "a".repeat(51))).is_empty());
        assert_eq!(hashtags(&format!("#{}", "a".repeat(50))).len(), 1);
    }

    #[test]
    fn a_posts_tags_are_its_hashtags_and_valid_entries_each_once() {
        let entries = [
            "Sunset".to_owned(),
            "Digital Art".to_owned(),
            "a.b".to_owned(),
        ];
        assert_eq!(
            post_tags("Evening #sunset #film", &entries),
            ["sunset", "film", "digitalart"]
        );
    }

    #[test]
    fn words_are_letter_and_digit_runs_lowercase_without_accents() {
        assert_eq!(
            words("São Paulo, 2024! #Café_au-lait ünï www.example.com"),
            [
                "sao", "paulo", "2024", "cafe", "au", "lait", "uni", "www", "example", "com"
            ]
        );
        assert_eq!(words(&"x".repeat(150))[0].len(), 100);
        assert!(words("\"*:&()-'").is_empty());
    }

    #[test]
    fn a_post_is_found_by_its_caption_location_and_tags_each_word_once() {
        let tags = post_tags(
            "#Sunset in the bay",
            &["sunset".to_owned(), "Film 35".to_owned()],
        );
        assert_eq!(
            search_words("#Sunset in the bay", Some("Cádiz"), &tags),
            "sunset in the bay cadiz film35"
        );
    }

    #[test]
    fn a_query_becomes_quoted_words_and_the_last_words_completions() {
        let query = SearchQuery::parse(Some("  Sunset Lis ")).unwrap();
        assert_eq!(query.prefix(), Some("lis"));
        let completions = ["lisbon".to_owned(), "lis".to_owned()];
        assert_eq!(
            query.fts5(&completions).as_deref(),
            Some("\"sunset\" AND (\"lisbon\" OR \"lis\")")
        );
        assert_eq!(
            query.tsquery(&completions).as_deref(),
            Some("sunset & (lisbon | lis)")
        );
        assert_eq!(query.tag_prefix.as_deref(), Some("sunsetlis"));
        // A last word nothing begins with: no query at all.
        assert_eq!((query.fts5(&[]), query.tsquery(&[])), (None, None));
    }

    #[test]
    fn syntax_characters_never_reach_the_query_languages() {
        let query = SearchQuery::parse(Some("\"a\" OR b* NEAR(c) -d e:f & g | !h 'i'")).unwrap();
        let completions = ["i".to_owned()];
        assert_eq!(
            query.fts5(&completions).as_deref(),
            Some(concat!(
                "\"a\" AND \"or\" AND \"b\" AND \"near\" AND \"c\" AND \"d\" AND \"e\" AND ",
                "\"f\" AND \"g\" AND \"h\" AND (\"i\")"
            ))
        );
        assert_eq!(
            query.tsquery(&completions).as_deref(),
            Some("a & or & b & near & c & d & e & f & g & h & (i)")
        );
        assert_eq!(query.tag_prefix, None);
        let symbols = SearchQuery::parse(Some("*:&")).unwrap();
        assert_eq!(symbols.prefix(), None);
        assert_eq!(
            (symbols.fts5(&completions), symbols.tsquery(&completions)),
            (None, None)
        );
    }

    #[test]
    fn more_of_the_words_in_fewer_words_scores_higher() {
        let query = SearchQuery::parse(Some("sunset harb")).unwrap();
        let short = query.score("sunset harbour", 4.0);
        let long = query.score("sunset over the harbour lisbon photo", 4.0);
        let repeated = query.score("sunset sunset over the harbour lisbon", 4.0);
        assert!(
            short > repeated && repeated > long,
            "{short} {repeated} {long}"
        );
        // Every word counts: a post missing one scores only what it has.
        assert!(query.score("sunset lisbon", 4.0) < long);
        // The last word is a prefix, the others whole words.
        assert!(query.score("sunsets harbour", 4.0) < query.score("sunset harbours", 4.0));
        assert_eq!(
            SearchQuery::parse(Some("*")).unwrap().score("sunset", 4.0),
            0.0
        );
    }

    #[test]
    fn a_query_over_a_hundred_characters_is_refused() {
        assert!(SearchQuery::parse(Some(&"a".repeat(100))).is_ok());
        assert!(SearchQuery::parse(Some(&"a".repeat(101))).is_err());
        assert!(SearchQuery::parse(Some("   ")).unwrap().is_blank());
    }
}
