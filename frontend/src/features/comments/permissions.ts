//! Who may delete a comment (docs/community-contract.md): its author, the author of the post or
//! reel it is on, or an admin. The server decides; the client only hides the button from others.

export function canDeleteComment(
  comment: { user: { id: number } },
  viewer: { id: number; isAdmin: boolean },
  itemAuthorId: number,
): boolean {
  return viewer.isAdmin || comment.user.id === viewer.id || itemAuthorId === viewer.id;
}
