//! The server's shape (docs/architecture.md), checked from the source: every `.rs` file under
//! `backend/src` is read, each path it names (`use crate::a::b`, `super::x`, `store::users::find`
//! after `use crate::identity::store`, a child module's items, re-exports followed to the file
//! that defines the item) becomes an arrow from that file to the file it reaches, and:
//! - the graph has no circle;
//! - `kernel/` reaches nothing outside itself, `platform/` nothing but itself and `kernel/`;
//! - a feature area reaches only `kernel/`, `platform/`, itself and areas below it in `AREAS`,
//!   and those only through their public face (`mod.rs`, `events`, `wire`, `rules`), never
//!   their `store` or `routes`;
//! - one area's route handlers never reach into another route folder;
//! - nothing under `routes/` or `store/` publishes to sockets, announces notifications or
//!   queues pushes: writing and then telling people is an area's service alone.
//!
//! `mod x;` declarations are not arrows (they build the tree; nothing is used by declaring it),
//! nor is a file's use of the modules that contain it (`identity/store/users.rs` using
//! `identity::store`'s items: a module includes its submodules). Code inside
//! `#[cfg(test)] mod tests` counts like any other code.

use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::path::{Path, PathBuf};

#[test]
fn backend_src_has_no_import_circle() {
    let graph = Graph::of(&read_tree(&src_dir()));
    let circles = graph.circles();
    assert!(
        circles.is_empty(),
        "backend/src has {} import circle(s) (see docs/architecture.md for who may import \
         whom):\n{}",
        circles.len(),
        circles.join("\n")
    );
}

#[test]
fn no_route_folder_imports_another() {
    let graph = Graph::of(&read_tree(&src_dir()));
    let crossings: Vec<String> = graph
        .edges()
        .filter(
            |(from, to, _)| match (route_folder(from), route_folder(to)) {
                (Some(a), Some(b)) => a != b,
                _ => false,
            },
        )
        .map(|(from, to, why)| format!("  {from} -> {to}   ({why})"))
        .collect();
    assert!(
        crossings.is_empty(),
        "route folders import each other's items (move a shared shape to the area's wire, a \
         shared step to its service):\n{}",
        crossings.join("\n")
    );
}

/// The feature areas, lowest first: an area may use the public face of those before it.
const AREAS: &[&str] = &[
    "identity",
    "notifications",
    "social",
    "chat",
    "calls",
    "canvas",
    "economy",
    "ads",
    "moderation",
    "federation",
    "admin",
];

/// What an area shows the areas above it: its `mod.rs` and these submodules.
const PUBLIC_FACE: &[&str] = &["events", "wire", "rules"];

/// Above every area: the socket's dispatch, the data export (which reads what every area
/// keeps), the demo data and the application's assembly.
const TOP: &[&str] = &["gateway", "export", "seed", "app", "lib"];

/// What is wrong with `from` reaching the module path `to` (as written, re-exports not
/// followed), if anything.
fn layer_breach(from: &str, to: &[String]) -> Option<String> {
    let from_top = from
        .split('/')
        .next()
        .unwrap_or(from)
        .trim_end_matches(".rs");
    let to_top = to.first()?.as_str();
    if from_top == to_top {
        return None;
    }
    let rank = |top: &str| AREAS.iter().position(|area| *area == top);
    match (from_top, to_top) {
        ("kernel", _) => Some("kernel/ reaches nothing outside itself".into()),
        ("platform", "kernel") => None,
        ("platform", _) => Some("platform/ knows no area".into()),
        (_, "kernel" | "platform") => None,
        (top, _) if TOP.contains(&top) || top == "main" => None,
        (_, top) if TOP.contains(&top) => Some(format!("{to_top} sits above every area")),
        (area, other) => match (rank(area), rank(other)) {
            (Some(a), Some(b)) if b > a => Some(format!("{other} sits above {area} (AREAS)")),
            (Some(_), Some(_)) => match to.get(1) {
                Some(face) if !PUBLIC_FACE.contains(&face.as_str()) && is_module(to) => {
                    Some(format!(
                        "{other}::{face} is not {other}'s public face (mod.rs, events, wire, rules)"
                    ))
                }
                _ => None,
            },
            _ => Some(format!(
                "{from_top} is neither an area, the platform nor the top"
            )),
        },
    }
}

/// Whether the path's first two segments name a submodule (not an item of the area's
/// `mod.rs`); set by `Graph::of`, which knows the tree.
fn is_module(path: &[String]) -> bool {
    path.len() >= 2 && MODULE_PATHS.with(|paths| paths.borrow().contains(&path[..2].to_vec()))
}

thread_local! {
    static MODULE_PATHS: std::cell::RefCell<BTreeSet<Vec<String>>> = Default::default();
}

#[test]
fn areas_reach_only_lower_areas_public_faces() {
    let broken = breaches(&read_tree(&src_dir()));
    assert!(
        broken.is_empty(),
        "a file reaches past its layer (docs/architecture.md):\n{}",
        broken.join("\n")
    );
}

/// Every path of `tree` that reaches past its file's layer.
fn breaches(tree: &[(String, String)]) -> Vec<String> {
    let graph = Graph::of(tree);
    graph
        .reaches
        .iter()
        .filter_map(|(from, to, why)| {
            layer_breach(from, to)
                .map(|breach| format!("  {from} -> {}: {breach}   ({why})", to.join("::")))
        })
        .collect::<BTreeSet<_>>()
        .into_iter()
        .collect()
}

/// What tells people: a socket event, a notification's announcement, a queued push.
const TELLS: &[&str] = &[
    "publish",
    "publish_except",
    "announce",
    "enqueue",
    "tell_room",
    "push_if_away",
    "unread_changed",
];

#[test]
fn only_an_areas_service_tells_people() {
    let broken = tellers(&read_tree(&src_dir()));
    assert!(
        broken.is_empty(),
        "a route handler or a store tells people itself; the area's service writes and then \
         publishes (docs/architecture.md):\n{}",
        broken.join("\n")
    );
}

/// Every call that tells people from a file under `routes/` or `store/` of `tree`.
fn tellers(tree: &[(String, String)]) -> Vec<String> {
    let mut broken = Vec::new();
    for (file, text) in tree {
        let parts: Vec<&str> = file.split('/').collect();
        if !parts
            .iter()
            .any(|p| matches!(*p, "routes" | "routes.rs" | "store" | "store.rs"))
        {
            continue;
        }
        let toks = tokens(text);
        for (i, window) in toks.windows(2).enumerate() {
            let defined = i > 0 && toks[i - 1].0 == Tok::Ident("fn".into());
            if let [(Tok::Ident(name), line), (Tok::Punct('('), _)] = window
                && TELLS.contains(&name.as_str())
                && !defined
            {
                broken.push(format!("  {file}:{line} calls {name}"));
            }
        }
    }
    broken
}

/// The layer and service checks see what they must refuse: an area using one above it, an
/// area using another's store, the platform using an area, and a handler that publishes.
#[test]
fn the_checker_refuses_upward_reaches_private_reaches_and_publishing_handlers() {
    let tree: Vec<(String, String)> = [
        (
            "lib.rs",
            "pub mod identity; pub mod chat; pub mod social; pub mod platform;",
        ),
        (
            "platform/mod.rs",
            "pub mod db; fn f() { crate::social::rules::x(); }",
        ),
        ("platform/db.rs", "pub fn now() {}"),
        (
            "identity/mod.rs",
            "pub mod store; pub mod wire; pub use store::find;",
        ),
        ("identity/store.rs", "pub fn find() {} pub fn secret() {}"),
        ("identity/wire.rs", "pub struct User;"),
        ("social/mod.rs", "pub mod rules; pub mod routes;"),
        (
            "social/rules.rs",
            "pub fn x() { crate::chat::send(); crate::identity::find(); }",
        ),
        (
            "social/routes.rs",
            "use crate::identity::wire::User; fn h(s: S) { s.realtime.publish(&[1], &e); }",
        ),
        (
            "chat/mod.rs",
            "pub fn send() { crate::identity::store::secret(); }",
        ),
    ]
    .into_iter()
    .map(|(file, text)| (file.to_owned(), text.to_owned()))
    .collect();
    let broken = breaches(&tree).join("\n");
    assert!(
        broken.contains("platform/mod.rs -> social::rules::x: platform/ knows no area"),
        "{broken}"
    );
    assert!(
        broken.contains("social/rules.rs -> chat::send: chat sits above social"),
        "{broken}"
    );
    assert!(
        broken.contains(
            "chat/mod.rs -> identity::store::secret: identity::store is not identity's public face"
        ),
        "{broken}"
    );
    assert!(!broken.contains("identity::find"), "{broken}");
    assert!(!broken.contains("identity::wire"), "{broken}");
    assert_eq!(breaches(&tree).len(), 3, "{broken}");
    assert_eq!(tellers(&tree), ["  social/routes.rs:1 calls publish"]);
}

/// Two types under one schema name are one schema in the OpenAPI document: whichever router
/// registers first describes both (the notifications' read body once showed the chat's).
#[test]
fn no_two_schemas_share_a_name() {
    let mut seen: BTreeMap<String, String> = BTreeMap::new();
    let mut clashes = Vec::new();
    for (file, text) in read_tree(&src_dir()) {
        let mut derives_schema = false;
        let mut renamed: Option<String> = None;
        for line in text.lines().map(str::trim) {
            if line.starts_with("#[derive(") && line.contains("ToSchema") {
                derives_schema = true;
            } else if let Some(rest) = line.strip_prefix("#[schema(as = ") {
                renamed = Some(rest.trim_end_matches(")]").to_owned());
            } else if derives_schema && !line.starts_with("#[") && !line.starts_with("//") {
                let words: Vec<&str> = line.split_whitespace().collect();
                if let [_, "struct" | "enum", name, ..] = words.as_slice() {
                    let name = renamed.take().unwrap_or_else(|| {
                        name.trim_end_matches(|c: char| !c.is_alphanumeric())
                            .to_owned()
                    });
                    if let Some(first) = seen.insert(name.clone(), file.clone()) {
                        clashes.push(format!("  {name}: {first} and {file}"));
                    }
                }
                derives_schema = false;
                renamed = None;
            }
        }
    }
    assert!(
        clashes.is_empty(),
        "schema names used twice (give one `#[schema(as = …)]`):\n{}",
        clashes.join("\n")
    );
}

/// The checker itself finds a circle, a re-exported item's file, an alias's module, and a
/// crossing between route folders (so the two tests above cannot pass by seeing nothing).
#[test]
fn the_checker_sees_circles_through_reexports_aliases_and_children() {
    let tree =
        vec![
        ("lib.rs".to_owned(), "pub mod a; pub mod b; pub mod routes;".to_owned()),
        (
            "a/mod.rs".to_owned(),
            "mod inner; pub use inner::Thing; pub fn f() {}".to_owned(),
        ),
        (
            "a/inner.rs".to_owned(),
            "use crate::b; pub struct Thing; fn g() { b::helpers::h(); }".to_owned(),
        ),
        ("b/mod.rs".to_owned(), "pub mod helpers;".to_owned()),
        (
            "b/helpers.rs".to_owned(),
            "// use crate::c::Nope;\n pub fn h() { let _ = \"crate::a::Thing\"; crate::a::Thing; }"
                .to_owned(),
        ),
        (
            "app/api.rs".to_owned(),
            "pub mod x; pub mod y;".to_owned(),
        ),
        ("routes/x/mod.rs".to_owned(), "mod list; pub struct X;".to_owned()),
        (
            "routes/x/list.rs".to_owned(),
            "use crate::routes::y::Y; #[cfg(test)] mod tests { use super::*; }".to_owned(),
        ),
        ("routes/y/mod.rs".to_owned(), "pub struct Y;".to_owned()),
    ];
    let graph = Graph::of(&tree);
    let circles = graph.circles();
    assert_eq!(circles.len(), 1, "{circles:?}");
    assert!(
        circles[0].contains("a/inner.rs -> b/helpers.rs")
            && circles[0].contains("b/helpers.rs -> a/inner.rs"),
        "{}",
        circles[0]
    );
    let crossing: Vec<_> = graph
        .edges()
        .filter(|(from, to, _)| {
            route_folder(from)
                .zip(route_folder(to))
                .is_some_and(|(a, b)| a != b)
        })
        .map(|(from, to, _)| (from.to_owned(), to.to_owned()))
        .collect();
    assert_eq!(
        crossing,
        [("routes/x/list.rs".to_owned(), "routes/y/mod.rs".to_owned())]
    );
}

/// Whether the module of `outer` (a `mod.rs`, `lib.rs`, or `x.rs` beside a folder `x/`)
/// contains `file`: a module includes its submodules, so a file may use its enclosing modules'
/// items (`identity/store/users.rs` uses `db::Db` from `platform/db/mod.rs`, `kernel/text/checked.rs` uses
/// `kernel/text.rs`'s rule); those arrows are not counted. Everything else is.
fn contains(outer: &str, file: &str) -> bool {
    let outer_module = module_of(outer);
    let inner_module = module_of(file);
    inner_module.len() > outer_module.len() && inner_module.starts_with(&outer_module)
}

/// Whether `path` lies inside the module `module` (a file naming its own module's items).
fn contains_path(module: &[String], path: &[String]) -> bool {
    path.len() >= module.len() && path[..module.len()] == *module
}

fn src_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src")
}

/// `routes/<x>/…` and `<area>/routes/<x>/…` → that folder; a file directly in `routes/` (its
/// `mod.rs`, a single-folder area's handlers) is in none.
fn route_folder(file: &str) -> Option<&str> {
    let start = if file.starts_with("routes/") {
        0
    } else {
        file.find("/routes/")? + 1
    };
    let rest = &file[start + "routes/".len()..];
    let (folder, _) = rest.split_once('/')?;
    Some(&file[..start + "routes/".len() + folder.len()])
}

/// Every `.rs` file under `dir` (its path relative to `dir`, `/`-separated) with its text;
/// `main.rs` is another crate (the binary) and is left out.
fn read_tree(dir: &Path) -> Vec<(String, String)> {
    fn walk(dir: &Path, root: &Path, out: &mut Vec<(String, String)>) {
        let mut entries: Vec<_> = std::fs::read_dir(dir)
            .expect("read backend/src")
            .map(|entry| entry.expect("a directory entry").path())
            .collect();
        entries.sort();
        for path in entries {
            if path.is_dir() {
                walk(&path, root, out);
            } else if path.extension().is_some_and(|ext| ext == "rs") {
                let relative = path
                    .strip_prefix(root)
                    .expect("under src")
                    .components()
                    .map(|c| c.as_os_str().to_string_lossy().into_owned())
                    .collect::<Vec<_>>()
                    .join("/");
                if relative != "main.rs" {
                    let text = std::fs::read_to_string(&path).expect("read a source file");
                    out.push((relative, text));
                }
            }
        }
    }
    let mut out = Vec::new();
    walk(dir, dir, &mut out);
    out
}

type ModPath = Vec<String>;

/// `lib.rs` → `[]`, `a/mod.rs` and `a.rs` → `[a]`, `a/b.rs` → `[a, b]`.
fn module_of(file: &str) -> ModPath {
    let mut parts: Vec<String> = file.split('/').map(str::to_owned).collect();
    let last = parts.pop().expect("a file name");
    match last.as_str() {
        "lib.rs" | "mod.rs" => {}
        name => parts.push(name.trim_end_matches(".rs").to_owned()),
    }
    parts
}

#[derive(Debug, Clone, PartialEq)]
enum Tok {
    Ident(String),
    /// `::`
    Path,
    Punct(char),
}

/// Identifiers, `::` and single punctuation of Rust text; comments, strings and character
/// literals removed (a path inside a string or a comment is not an import).
fn tokens(text: &str) -> Vec<(Tok, usize)> {
    let chars: Vec<char> = text.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    let mut line = 1;
    let at = |i: usize| chars.get(i).copied().unwrap_or('\0');
    while i < chars.len() {
        let c = chars[i];
        if c == '\n' {
            line += 1;
            i += 1;
        } else if c == '/' && at(i + 1) == '/' {
            while i < chars.len() && chars[i] != '\n' {
                i += 1;
            }
        } else if c == '/' && at(i + 1) == '*' {
            let mut depth = 0;
            while i < chars.len() {
                if chars[i] == '/' && at(i + 1) == '*' {
                    depth += 1;
                    i += 2;
                } else if chars[i] == '*' && at(i + 1) == '/' {
                    depth -= 1;
                    i += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    if chars[i] == '\n' {
                        line += 1;
                    }
                    i += 1;
                }
            }
        } else if let Some(end) = raw_or_byte_string_end(&chars, i) {
            line += chars[i..end].iter().filter(|c| **c == '\n').count();
            i = end;
        } else if c == '"' {
            let mut j = i + 1;
            while j < chars.len() && chars[j] != '"' {
                if chars[j] == '\\' {
                    j += 1;
                }
                if at(j) == '\n' {
                    line += 1;
                }
                j += 1;
            }
            i = j + 1;
        } else if c == '\'' {
            // A character literal ('x', '\n', '\u{1F600}') or a lifetime ('a).
            if at(i + 1) == '\\' {
                let mut j = i + 3;
                while j < chars.len() && chars[j] != '\'' {
                    j += 1;
                }
                i = j + 1;
            } else if at(i + 2) == '\'' {
                i += 3;
            } else {
                i += 1;
            }
        } else if is_ident_char(c) {
            let start = i;
            while i < chars.len() && is_ident_char(chars[i]) {
                i += 1;
            }
            let word: String = chars[start..i].iter().collect();
            if !word.chars().next().is_some_and(|c| c.is_ascii_digit()) {
                out.push((Tok::Ident(word), line));
            }
        } else if c == ':' && at(i + 1) == ':' {
            out.push((Tok::Path, line));
            i += 2;
        } else if c.is_whitespace() {
            i += 1;
        } else {
            out.push((Tok::Punct(c), line));
            i += 1;
        }
    }
    out
}

/// Where an `r"…"`, `r#"…"#`, `b"…"` or `br#"…"#` literal starting at `i` ends, if one does.
fn raw_or_byte_string_end(chars: &[char], i: usize) -> Option<usize> {
    let at = |i: usize| chars.get(i).copied().unwrap_or('\0');
    if i > 0 && is_ident_char(chars[i - 1]) {
        return None;
    }
    let mut j = i;
    if at(j) == 'b' {
        j += 1;
    }
    let raw = at(j) == 'r';
    if raw {
        j += 1;
    }
    if j == i {
        return None;
    }
    let mut hashes = 0;
    while raw && at(j) == '#' {
        hashes += 1;
        j += 1;
    }
    if at(j) != '"' {
        return None;
    }
    j += 1;
    while j < chars.len() {
        if !raw && chars[j] == '\\' {
            j += 2;
            continue;
        }
        if chars[j] == '"' && (0..hashes).all(|k| at(j + 1 + k) == '#') {
            return Some(j + 1 + hashes);
        }
        j += 1;
    }
    Some(chars.len())
}

fn is_ident_char(c: char) -> bool {
    c.is_alphanumeric() || c == '_'
}

/// One `use` leaf: the path as written, the name it brings into scope, and whether it is a glob.
#[derive(Debug, Clone)]
struct UseLeaf {
    path: Vec<String>,
    name: Option<String>,
    glob: bool,
    line: usize,
}

/// A path named in code (not in a `use`): its segments as written.
#[derive(Debug, Clone)]
struct Mention {
    path: Vec<String>,
    line: usize,
}

/// What one file says, before resolution.
#[derive(Debug, Default)]
struct FileFacts {
    /// Per inline module (`[]` for the file's own), its `use` leaves.
    uses: Vec<(Vec<String>, UseLeaf)>,
    mentions: Vec<(Vec<String>, Mention)>,
    /// Items defined at the file's top level (fn, struct, enum, const, macro_rules!, …).
    defines: BTreeSet<String>,
    /// Macros exported at the crate root (`#[macro_export]`).
    exported_macros: BTreeSet<String>,
}

const DEFINING: [&str; 9] = [
    "fn",
    "struct",
    "enum",
    "trait",
    "type",
    "const",
    "static",
    "union",
    "macro_rules",
];

fn facts(text: &str) -> FileFacts {
    let toks = tokens(text);
    let mut facts = FileFacts::default();
    // The inline modules we are in, with the brace depth each opened at.
    let mut inline: Vec<(String, usize)> = Vec::new();
    let mut depth = 0usize;
    let mut export_next = false;
    let ident = |i: usize| match toks.get(i) {
        Some((Tok::Ident(word), _)) => Some(word.as_str()),
        _ => None,
    };
    let punct = |i: usize| match toks.get(i) {
        Some((Tok::Punct(c), _)) => Some(*c),
        _ => None,
    };
    let is_path = |i: usize| matches!(toks.get(i), Some((Tok::Path, _)));
    let mut i = 0;
    while i < toks.len() {
        let scope: Vec<String> = inline.iter().map(|(name, _)| name.clone()).collect();
        match &toks[i].0 {
            Tok::Punct('{') => {
                depth += 1;
                i += 1;
            }
            Tok::Punct('}') => {
                if inline.last().is_some_and(|(_, at)| *at == depth) {
                    inline.pop();
                }
                depth = depth.saturating_sub(1);
                i += 1;
            }
            Tok::Ident(word) if word == "macro_export" => {
                export_next = true;
                i += 1;
            }
            Tok::Ident(word) if word == "mod" => match (ident(i + 1), punct(i + 2)) {
                (Some(name), Some('{')) => {
                    depth += 1;
                    inline.push((name.to_owned(), depth));
                    i += 3;
                }
                _ => i += 2,
            },
            Tok::Ident(word) if DEFINING.contains(&word.as_str()) && !is_path(i + 1) => {
                let name_at = if word == "macro_rules" { i + 2 } else { i + 1 };
                if let Some(name) = ident(name_at) {
                    if inline.is_empty() && depth == 0 {
                        facts.defines.insert(name.to_owned());
                    }
                    if word == "macro_rules" && export_next {
                        facts.exported_macros.insert(name.to_owned());
                    }
                }
                if word == "macro_rules" {
                    export_next = false;
                }
                i += 1;
            }
            Tok::Ident(word) if word == "use" && !is_path(i + 1) => {
                let line = toks[i].1;
                let mut leaves = Vec::new();
                i = use_tree(&toks, i + 1, Vec::new(), line, &mut leaves);
                facts
                    .uses
                    .extend(leaves.into_iter().map(|leaf| (scope.clone(), leaf)));
            }
            Tok::Ident(first) if is_path(i + 1) && !(i > 0 && is_path(i - 1)) => {
                // `a::b::c` (possibly `$crate::…` in a macro).
                let line = toks[i].1;
                let mut path = vec![first.clone()];
                let mut j = i + 1;
                while is_path(j) {
                    match ident(j + 1) {
                        Some(next) => {
                            path.push(next.to_owned());
                            j += 2;
                        }
                        None => {
                            j += 1;
                            break;
                        }
                    }
                }
                facts.mentions.push((scope, Mention { path, line }));
                i = j;
            }
            _ => i += 1,
        }
    }
    facts
}

/// Parses a use tree from `i` (after `use`), appending its leaves; returns the index after it.
fn use_tree(
    toks: &[(Tok, usize)],
    mut i: usize,
    mut prefix: Vec<String>,
    line: usize,
    leaves: &mut Vec<UseLeaf>,
) -> usize {
    if matches!(toks.get(i), Some((Tok::Path, _))) {
        // `use ::std::…`: an extern crate.
        i += 1;
        prefix.push("::".to_owned());
    }
    loop {
        match toks.get(i) {
            Some((Tok::Ident(word), _)) => {
                prefix.push(word.clone());
                i += 1;
                match toks.get(i) {
                    Some((Tok::Path, _)) => i += 1,
                    Some((Tok::Ident(kw), _)) if kw == "as" => {
                        let alias = match toks.get(i + 1) {
                            Some((Tok::Ident(alias), _)) => Some(alias.clone()),
                            _ => None,
                        };
                        leaves.push(UseLeaf {
                            path: prefix,
                            name: alias.filter(|a| a != "_"),
                            glob: false,
                            line,
                        });
                        return skip_to_end(toks, i + 2);
                    }
                    _ => {
                        let name = match prefix.last().map(String::as_str) {
                            Some("self") => {
                                prefix.pop();
                                prefix.last().cloned()
                            }
                            other => other.map(str::to_owned),
                        };
                        leaves.push(UseLeaf {
                            path: prefix,
                            name,
                            glob: false,
                            line,
                        });
                        return skip_to_end(toks, i);
                    }
                }
            }
            Some((Tok::Punct('*'), _)) => {
                leaves.push(UseLeaf {
                    path: prefix,
                    name: None,
                    glob: true,
                    line,
                });
                return skip_to_end(toks, i + 1);
            }
            Some((Tok::Punct('{'), _)) => {
                i += 1;
                loop {
                    match toks.get(i) {
                        Some((Tok::Punct('}'), _)) => {
                            return skip_to_end(toks, i + 1);
                        }
                        Some((Tok::Punct(','), _)) => i += 1,
                        None => return i,
                        Some(_) => {
                            i = use_tree(toks, i, prefix.clone(), line, leaves);
                        }
                    }
                }
            }
            _ => return i,
        }
    }
}

/// Inside a group, a leaf ends before `,` or `}`; at the top, at `;` (consumed).
fn skip_to_end(toks: &[(Tok, usize)], i: usize) -> usize {
    match toks.get(i) {
        Some((Tok::Punct(';'), _)) => i + 1,
        _ => i,
    }
}

/// The files and the arrows between them, each with the path that made it.
struct Graph {
    edges: BTreeMap<String, BTreeMap<String, String>>,
    /// Every path a file names, absolute as written (re-exports not followed), with where.
    reaches: Vec<(String, Vec<String>, String)>,
}

struct Crate {
    file_of: HashMap<ModPath, String>,
    facts: HashMap<String, FileFacts>,
    macros: HashMap<String, String>,
}

impl Crate {
    fn module_exists(&self, path: &[String]) -> bool {
        self.file_of.contains_key(path)
    }

    /// A path as written in `module` (of `file`, inside inline modules `scope`) → absolute
    /// module path segments, or `None` for another crate's path.
    fn absolute(&self, file: &str, scope: &[String], path: &[String]) -> Option<Vec<String>> {
        let module = module_of(file);
        let mut here: Vec<String> = module.iter().chain(scope).cloned().collect();
        let first = path.first()?;
        let rest = &path[1..];
        match first.as_str() {
            "crate" | "$crate" => Some(rest.to_vec()),
            "self" => Some(here.into_iter().chain(rest.iter().cloned()).collect()),
            "super" => {
                let mut rest = rest;
                here.pop();
                while rest.first().is_some_and(|s| s == "super") {
                    here.pop();
                    rest = &rest[1..];
                }
                Some(here.into_iter().chain(rest.iter().cloned()).collect())
            }
            name => {
                // A child module of the file's module (inline modules have no files).
                let mut child = module.clone();
                child.push(name.to_owned());
                if scope.is_empty() && self.module_exists(&child) {
                    return Some(child.into_iter().chain(rest.iter().cloned()).collect());
                }
                // A name this file imported.
                let facts = &self.facts[file];
                let imported = facts.uses.iter().find(|(_, leaf)| {
                    !leaf.glob
                        && leaf.name.as_deref() == Some(name)
                        && leaf.path.first().map(String::as_str) != Some(name)
                });
                let (leaf_scope, leaf) = imported?;
                let base = self.absolute(file, leaf_scope, &leaf.path)?;
                Some(base.into_iter().chain(rest.iter().cloned()).collect())
            }
        }
    }

    /// The file that defines what the absolute `path` names (re-exports followed).
    fn resolve(&self, path: &[String], hops: usize) -> Option<String> {
        if hops > 16 {
            return None;
        }
        let mut cut = path.len();
        while cut > 0 && !self.module_exists(&path[..cut]) {
            cut -= 1;
        }
        let module = path[..cut].to_vec();
        let file = self.file_of.get(&module)?;
        let Some(name) = path.get(cut) else {
            return (!module.is_empty()).then(|| file.clone());
        };
        let facts = &self.facts[file];
        if module.is_empty()
            && let Some(defining) = self.macros.get(name)
        {
            return Some(defining.clone());
        }
        if facts.defines.contains(name) {
            return Some(file.clone());
        }
        for (scope, leaf) in &facts.uses {
            if scope.is_empty() && !leaf.glob && leaf.name.as_deref() == Some(name.as_str()) {
                let target = self.absolute(file, scope, &leaf.path)?;
                let full: Vec<String> = target
                    .into_iter()
                    .chain(path[cut + 1..].iter().cloned())
                    .collect();
                return self.resolve(&full, hops + 1);
            }
        }
        for (scope, leaf) in &facts.uses {
            if !(scope.is_empty() && leaf.glob) {
                continue;
            }
            let Some(target) = self.absolute(file, scope, &leaf.path) else {
                continue;
            };
            let Some(target_facts) = self.file_of.get(&target).map(|f| &self.facts[f]) else {
                continue;
            };
            let offers = target_facts.defines.contains(name)
                || target_facts.uses.iter().any(|(scope, leaf)| {
                    scope.is_empty() && !leaf.glob && leaf.name.as_deref() == Some(name.as_str())
                });
            if offers {
                let full: Vec<String> = target
                    .into_iter()
                    .chain(path[cut..].iter().cloned())
                    .collect();
                return self.resolve(&full, hops + 1);
            }
        }
        (!module.is_empty()).then(|| file.clone())
    }
}

impl Graph {
    fn of(tree: &[(String, String)]) -> Self {
        let mut krate = Crate {
            file_of: HashMap::new(),
            facts: HashMap::new(),
            macros: HashMap::new(),
        };
        for (file, text) in tree {
            krate.file_of.insert(module_of(file), file.clone());
            let facts = facts(text);
            for name in &facts.exported_macros {
                krate.macros.insert(name.clone(), file.clone());
            }
            krate.facts.insert(file.clone(), facts);
        }
        MODULE_PATHS.with(|paths| *paths.borrow_mut() = krate.file_of.keys().cloned().collect());
        let mut edges: BTreeMap<String, BTreeMap<String, String>> = BTreeMap::new();
        let mut reaches = Vec::new();
        for (file, _) in tree {
            let facts = &krate.facts[file];
            let named = facts
                .uses
                .iter()
                .map(|(scope, leaf)| (scope, &leaf.path, leaf.line, "use "))
                .chain(
                    facts
                        .mentions
                        .iter()
                        .map(|(scope, mention)| (scope, &mention.path, mention.line, "")),
                );
            for (scope, path, line, how) in named {
                let Some(absolute) = krate.absolute(file, scope, path) else {
                    continue;
                };
                // A `#[macro_export]` macro is named at the crate's root: it reaches the
                // module that defines it.
                let written = match absolute.as_slice() {
                    [name] if krate.macros.contains_key(name) => module_of(&krate.macros[name])
                        .into_iter()
                        .chain([name.clone()])
                        .collect(),
                    _ => absolute.clone(),
                };
                if !contains_path(&module_of(file), &written) {
                    reaches.push((
                        file.clone(),
                        written,
                        format!("{how}{} at line {line}", path.join("::")),
                    ));
                }
                let Some(target) = krate.resolve(&absolute, 0) else {
                    continue;
                };
                if target != *file && !contains(&target, file) {
                    edges
                        .entry(file.clone())
                        .or_default()
                        .entry(target)
                        .or_insert_with(|| format!("{how}{} at line {line}", path.join("::")));
                }
            }
        }
        Self { edges, reaches }
    }

    fn edges(&self) -> impl Iterator<Item = (&str, &str, &str)> {
        self.edges.iter().flat_map(|(from, targets)| {
            targets
                .iter()
                .map(move |(to, why)| (from.as_str(), to.as_str(), why.as_str()))
        })
    }

    /// Each strongly connected group of more than one file, as its size and one circle
    /// through it, arrow by arrow with the path that made each arrow.
    fn circles(&self) -> Vec<String> {
        let nodes: Vec<&String> = self
            .edges
            .keys()
            .chain(self.edges.values().flat_map(BTreeMap::keys))
            .collect::<BTreeSet<_>>()
            .into_iter()
            .collect();
        let index: HashMap<&str, usize> = nodes
            .iter()
            .enumerate()
            .map(|(i, n)| (n.as_str(), i))
            .collect();
        let next: Vec<Vec<usize>> = nodes
            .iter()
            .map(|n| {
                self.edges
                    .get(*n)
                    .map(|t| t.keys().map(|k| index[k.as_str()]).collect())
                    .unwrap_or_default()
            })
            .collect();
        let groups = strongly_connected(&next);
        let mut out = Vec::new();
        for group in groups.into_iter().filter(|g| g.len() > 1) {
            let members: BTreeSet<usize> = group.iter().copied().collect();
            let start = *members.iter().next().expect("non-empty");
            let cycle = shortest_cycle(&next, &members, start);
            let mut text = format!(
                "circle of {} files: {}\n",
                members.len(),
                members
                    .iter()
                    .map(|&m| nodes[m].as_str())
                    .collect::<Vec<_>>()
                    .join(", ")
            );
            for pair in cycle.windows(2) {
                let (from, to) = (nodes[pair[0]], nodes[pair[1]]);
                text.push_str(&format!(
                    "    {from} -> {to}   ({})\n",
                    self.edges[from][to]
                ));
            }
            out.push(text);
        }
        out
    }
}

/// Tarjan's algorithm, iteratively.
fn strongly_connected(next: &[Vec<usize>]) -> Vec<Vec<usize>> {
    let n = next.len();
    let mut index = vec![usize::MAX; n];
    let mut low = vec![0; n];
    let mut on_stack = vec![false; n];
    let mut stack = Vec::new();
    let mut groups = Vec::new();
    let mut counter = 0;
    for root in 0..n {
        if index[root] != usize::MAX {
            continue;
        }
        let mut work: Vec<(usize, usize)> = vec![(root, 0)];
        while let Some(&mut (v, ref mut child)) = work.last_mut() {
            if *child == 0 && index[v] == usize::MAX {
                index[v] = counter;
                low[v] = counter;
                counter += 1;
                stack.push(v);
                on_stack[v] = true;
            }
            if let Some(&w) = next[v].get(*child) {
                *child += 1;
                if index[w] == usize::MAX {
                    work.push((w, 0));
                } else if on_stack[w] {
                    low[v] = low[v].min(index[w]);
                }
                continue;
            }
            work.pop();
            if let Some(&(parent, _)) = work.last() {
                low[parent] = low[parent].min(low[v]);
            }
            if low[v] == index[v] {
                let mut group = Vec::new();
                while let Some(w) = stack.pop() {
                    on_stack[w] = false;
                    group.push(w);
                    if w == v {
                        break;
                    }
                }
                groups.push(group);
            }
        }
    }
    groups
}

/// The shortest circle from `start` back to it inside `members` (breadth first).
fn shortest_cycle(next: &[Vec<usize>], members: &BTreeSet<usize>, start: usize) -> Vec<usize> {
    let mut came_from: HashMap<usize, usize> = HashMap::new();
    let mut queue = std::collections::VecDeque::from([start]);
    while let Some(v) = queue.pop_front() {
        for &w in &next[v] {
            if !members.contains(&w) {
                continue;
            }
            if w == start {
                let mut path = vec![start, v];
                let mut at = v;
                while at != start {
                    at = came_from[&at];
                    path.push(at);
                }
                path.reverse();
                return path;
            }
            if let std::collections::hash_map::Entry::Vacant(slot) = came_from.entry(w) {
                slot.insert(v);
                queue.push_back(w);
            }
        }
    }
    vec![start]
}
