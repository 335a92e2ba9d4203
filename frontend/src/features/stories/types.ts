//! Short names for the stories endpoints' wire types, generated from the server's OpenAPI
//! document (api.gen.ts); nothing here is written by hand.
import type { components } from '@/types/api.gen';

type Schemas = components['schemas'];

/** A story's author, as embedded in a story group. */
export type StoryAuthor = Schemas['UserBrief'];
export type Story = Schemas['Story'];
/** One circle of the strip (issue 45): its author, their latest story's time, and whether it is new to you. */
export type StoryStripGroup = Schemas['StoryStripGroup'];
/** One author's unexpired stories, oldest first, read when their circle is opened. */
export type StoryGroup = Schemas['StoryGroup'];
export type CreateStoryRequest = Schemas['NewStoryRequest'];
export type StoryViewResponse = Schemas['StoryViews'];
/** Someone who saw your story (issue 43), with when. */
export type StoryViewer = Schemas['PersonListed'];
