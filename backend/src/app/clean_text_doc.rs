//! The clean-text rule (kernel/text.rs, applied by the request extractors and the multipart
//! text reader) written into the OpenAPI document once instead of on every handler: each
//! string a request carries (a path or query parameter, a field of a JSON body or a form's
//! text part) gets the pattern of clean text, and each operation that reads such a string
//! documents the 400 it answers.

use std::collections::{BTreeMap, BTreeSet};

use utoipa::openapi::path::{Operation, PathItem};
use utoipa::openapi::schema::{
    AdditionalProperties, ArrayItems, KnownFormat, Schema, SchemaFormat, SchemaType, Type,
};
use utoipa::openapi::{OpenApi, Ref, RefOr};

use crate::kernel::text::CLEAN_PATTERN;
use crate::platform::http::error::error_answer;

/// What each operation's 400 says about the rule.
const REFUSAL: &str =
    "text with a control character (`{field} must not contain control characters`)";

pub fn document(doc: &mut OpenApi) {
    // The requests' own schemas: cleaned, and what text and components each names.
    let mut operations = Vec::new();
    for item in doc.paths.paths.values_mut() {
        for operation in operations_of(item) {
            let mut names = BTreeSet::new();
            let text = clean_inputs(operation, &mut names);
            operations.push((text, names));
        }
    }
    // The component schemas they name, and the ones those name in turn.
    let mut components: BTreeMap<String, (bool, BTreeSet<String>)> = BTreeMap::new();
    if let Some(schemas) = doc.components.as_mut().map(|c| &mut c.schemas) {
        let mut pending: Vec<String> = operations
            .iter()
            .flat_map(|(_, names)| names.iter().cloned())
            .collect();
        while let Some(name) = pending.pop() {
            if components.contains_key(&name) {
                continue;
            }
            let mut names = BTreeSet::new();
            let text = schemas
                .get_mut(&name)
                .is_some_and(|schema| clean_strings(schema, &mut names));
            pending.extend(names.iter().cloned());
            components.insert(name, (text, names));
        }
    }
    // An operation that reads text can refuse it.
    let mut reads_text = operations
        .into_iter()
        .map(|(text, names)| text || reaches_text(&components, names.into_iter().collect()));
    for item in doc.paths.paths.values_mut() {
        for operation in operations_of(item) {
            if reads_text.next() == Some(true) {
                document_refusal(operation);
            }
        }
    }
}

fn operations_of(item: &mut PathItem) -> impl Iterator<Item = &mut Operation> {
    [
        &mut item.get,
        &mut item.put,
        &mut item.post,
        &mut item.delete,
        &mut item.patch,
    ]
    .into_iter()
    .flatten()
}

/// Whether any component reachable from `pending` holds text.
fn reaches_text(
    components: &BTreeMap<String, (bool, BTreeSet<String>)>,
    mut pending: Vec<String>,
) -> bool {
    let mut seen = BTreeSet::new();
    while let Some(name) = pending.pop() {
        if !seen.insert(name.clone()) {
            continue;
        }
        if let Some((text, names)) = components.get(&name) {
            if *text {
                return true;
            }
            pending.extend(names.iter().cloned());
        }
    }
    false
}

/// Cleans the strings of an operation's parameters and body; answers whether it has text of
/// its own (a string parameter, an inline string field).
fn clean_inputs(operation: &mut Operation, referenced: &mut BTreeSet<String>) -> bool {
    let mut text = false;
    for parameter in operation.parameters.iter_mut().flatten() {
        if let RefOr::T(parameter) = parameter
            && let Some(schema) = parameter.schema.as_mut()
        {
            text |= clean_strings(schema, referenced);
        }
    }
    if let Some(RefOr::T(body)) = operation.request_body.as_mut() {
        for content in body.content.values_mut() {
            if let RefOr::T(content) = content
                && let Some(schema) = content.schema.as_mut()
            {
                text |= clean_strings(schema, referenced);
            }
        }
    }
    text
}

/// Puts the clean pattern on every string of `schema` that has no pattern of its own (those
/// are written to exclude control characters), no enumeration and is not binary; collects
/// the names of the component schemas it refers to. Answers whether it holds such text (a
/// string that is neither an enumeration nor binary) itself.
fn clean_strings(schema: &mut RefOr<Schema>, referenced: &mut BTreeSet<String>) -> bool {
    let schema = match schema {
        RefOr::Ref(Ref { ref_location, .. }) => {
            if let Some(name) = ref_location.strip_prefix("#/components/schemas/") {
                referenced.insert(name.to_owned());
            }
            return false;
        }
        RefOr::T(schema) => schema,
    };
    let mut text = false;
    match schema {
        Schema::Object(object) => {
            let binary = matches!(
                object.format,
                Some(SchemaFormat::KnownFormat(KnownFormat::Binary))
            );
            if is_string(&object.schema_type) && object.enum_values.is_none() && !binary {
                text = true;
                object
                    .pattern
                    .get_or_insert_with(|| CLEAN_PATTERN.to_owned());
            }
            for property in object.properties.values_mut() {
                text |= clean_strings(property, referenced);
            }
            if let Some(additional) = object.additional_properties.as_deref_mut()
                && let AdditionalProperties::RefOr(values) = additional
            {
                text |= clean_strings(values, referenced);
            }
        }
        Schema::Array(array) => {
            if let ArrayItems::RefOrSchema(items) = &mut array.items {
                text |= clean_strings(items, referenced);
            }
        }
        Schema::OneOf(one_of) => {
            for item in &mut one_of.items {
                text |= clean_strings(item, referenced);
            }
        }
        Schema::AllOf(all_of) => {
            for item in &mut all_of.items {
                text |= clean_strings(item, referenced);
            }
        }
        Schema::AnyOf(any_of) => {
            for item in &mut any_of.items {
                text |= clean_strings(item, referenced);
            }
        }
        _ => {}
    }
    text
}

fn is_string(schema_type: &SchemaType) -> bool {
    match schema_type {
        SchemaType::Type(kind) => *kind == Type::String,
        SchemaType::Array(kinds) => kinds.contains(&Type::String),
        SchemaType::AnyValue => false,
    }
}

/// An operation that reads text answers 400 for a control character in it: its 400 says so.
fn document_refusal(operation: &mut Operation) {
    let responses = &mut operation.responses.responses;
    match responses.get_mut("400") {
        Some(RefOr::T(response)) => {
            response.description = format!("{}; or {REFUSAL}", response.description);
        }
        Some(RefOr::Ref(_)) => {}
        None => {
            let mut description = REFUSAL.to_owned();
            description[..1].make_ascii_uppercase();
            responses.insert("400".to_owned(), error_answer(&description));
        }
    }
}
