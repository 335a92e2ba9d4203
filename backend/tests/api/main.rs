//! API tests: each one starts the real server on port 0 with a fresh database and talks HTTP
//! to it. Every test body runs twice, on SQLite and on PostgreSQL (`TEST_DATABASE_URL`).

mod helpers;

mod account;
mod admin;
mod ads;
mod audio;
mod auth;
mod authorization;
mod bad_input;
mod blocks;
mod calls;
mod canvases;
mod chat;
mod cli;
mod cluster;
mod comments;
mod db;
mod earnings;
mod groups;
mod jobs;
mod limits;
mod media;
mod notifications;
mod posts;
mod private;
mod push;
mod realtime;
mod receipts;
mod reels;
mod reports;
mod rtc;
mod search;
mod shares;
mod shop;
mod sockets;
mod stories;
mod tags;
mod tips;
mod trending;
mod users;
mod voice;
mod voicemail;
mod web;
mod works;
