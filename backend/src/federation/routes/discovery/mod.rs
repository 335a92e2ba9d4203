pub mod host_meta_get;
pub mod nodeinfo_get;
pub mod webfinger_get;
