/** The longest display name the server accepts (backend identity/rules/account.rs), in characters. */
export const DISPLAY_NAME_MAX = 50;
