pub mod inbox_post;
