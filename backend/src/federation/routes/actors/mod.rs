pub mod actor_get;
pub mod collections_get;
pub mod note_get;
