//! Wire types of the stories endpoints (DESIGN §3), written by hand until the server's
//! OpenAPI document (api.gen.ts) carries them; the shapes follow the agreed contract.

/** A story's author, as embedded in a story group. */
export interface StoryAuthor {
  id: number;
  username: string;
  displayName: string;
  profileImage: string | null;
}

export interface Story {
  id: number;
  /** `/media/{key}` for a stored image, or the http(s) URL the author gave. */
  imageUrl: string;
  type: 'image' | 'video';
  caption: string | null;
  viewsCount: number;
  /** Whether the session user has seen it (the strip rings groups with unseen stories). */
  viewedByMe: boolean;
  /** ISO-8601 UTC. */
  createdAt: string;
  /** ISO-8601 UTC, 24 h after createdAt. */
  expiresAt: string;
}

/** One circle of the strip: a user and their unexpired stories, oldest first. */
export interface StoryGroup {
  user: StoryAuthor;
  stories: Story[];
}

export interface CreateStoryRequest {
  /** A `data:` image or an http(s) URL. */
  content: string;
  type?: 'image' | 'video';
  caption?: string | null;
}

export interface StoryViewResponse {
  viewsCount: number;
}
