//! The socket gateway: `/ws` itself (`socket`: authentication at the upgrade,
//! the read and write loops, typing and presence), call signalling (`signalling`) and canvas
//! rooms (`canvas`, issue 25). Above `platform/state.rs`: it reaches the database, the hub and presence
//! through `AppState`. The hub, the cluster and the event enums it sends live below the state,
//! in `realtime/`.

pub mod socket;
