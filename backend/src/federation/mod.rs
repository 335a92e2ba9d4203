//! Federation over ActivityPub (issue 46, being built): Atelier's users followed from other
//! servers and following them back. So far the HTTP Signatures both ways (`signatures`); the
//! actors, WebFinger, the inbox and the delivery outbox come next, each with its tests against
//! the Fedify peer in `tests/federation/peer/`.

pub mod signatures;
