import { useInfiniteQuery, usePrefetchInfiniteQuery } from '@tanstack/react-query';
import { Network, Palette, Shapes, Wand2 } from 'lucide-react';
import { useState } from 'react';
import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { BannerAd } from '@/features/ads/components/banner-ad';
import { useSponsoredStories } from '@/features/ads/hooks/use-sponsored-stories';
import { useStartConversation } from '@/features/chat/hooks/use-start-conversation';
import { CanvasPanel } from '@/features/canvas/components/canvas-panel';
import { AiCreativeAssistant } from '@/features/home/components/ai-creative-assistant';
import { type FoldedPanel, PanelRow } from '@/features/home/components/panel-row';
import { QuickCreate } from '@/features/home/components/quick-create';
import { SkillMatcher } from '@/features/home/components/skill-matcher';
import { FLAT_3D_NOTES, use3dEffects } from '@/features/home/hooks/use-3d-effects';
import { DEFAULT_MOOD, DEFAULT_VIEW_MODE, moodById, type MoodId, type ViewMode } from '@/features/home/moods';
import { NotificationBell } from '@/features/notifications/components/notification-bell';
import { flattenPosts } from '@/features/posts/api/cache';
import { feedQueryOptions } from '@/features/posts/api/get-feed';
import { userPostsQueryOptions } from '@/features/posts/api/get-user-posts';
import { CreateChooser } from '@/features/posts/components/create-chooser';
import { PostCard } from '@/features/posts/components/post-card';
import { PostCardSkeleton } from '@/features/posts/components/post-card-skeleton';
import { PostFeed } from '@/features/posts/components/post-feed';
import { StoriesStrip } from '@/features/stories/components/stories-strip';
import { useProfile } from '@/features/users/api/get-profile';
import { useSuggestions } from '@/features/users/api/get-suggestions';
import { PeopleToFollow } from '@/features/users/components/people-to-follow';
import { useFollowedSearch } from '@/features/users/hooks/use-followed-search';
import { useIsDesktop } from '@/hooks/use-media-query';
import { useCurrentUser } from '@/lib/auth';
import { cn } from '@/lib/utils';

/** How many of your own newest posts head 'People to follow' (you follow nobody yet). */
const OWN_POSTS_SHOWN = 3;

/**
 * Home: the dashboard's panels in the spec's order (assistant, Quick Create, canvas, skill
 * matcher, stories, banner ad, gallery), laid out where a person looks (issue 43). From 1024 px,
 * Instagram's web layout: the main column (stories, banner ad, gallery; cards ~630 px) and a right
 * rail with the welcome, the assistant, Quick Create, the canvas and the skill matcher. On a
 * phone, those four fold into one row of compact cards that open their panel in a sheet, so the
 * stories are on the first screen and the first post on the second.
 *
 * The page owns the view mode (3D tilts the gallery's cards when '3D Content Quality' is on and
 * the system does not ask for reduced motion; AI emotion tints it in the mood's colours), the
 * mood, and the create chooser's open state (the floating button and Quick Create's New Project
 * both open it), starts the conversation the skill matcher's Connect asks for, and gives the story
 * viewer its sponsored stories. Following nobody (issue 41), the gallery's place holds 'People to
 * follow' until 'Browse everyone's posts', headed by your own newest posts (a new post is always
 * first in your own feed); it stays while the user follows from it, for this visit.
 */
export default function HomePage() {
  const user = useCurrentUser();
  const desktop = useIsDesktop();
  const [viewMode, setViewMode] = useState<ViewMode>(DEFAULT_VIEW_MODE);
  const [mood, setMood] = useState<MoodId>(DEFAULT_MOOD);
  const effects3d = use3dEffects();
  const [chooserOpen, setChooserOpen] = useState(false);
  const conversation = useStartConversation();
  const sponsoredStories = useSponsoredStories();
  const profile = useProfile(user.username);
  // The gallery waits for the follow count, so it never flashes before the people to follow;
  // its first page is asked for meanwhile. Offline (the profile's read paused) it does not wait.
  usePrefetchInfiniteQuery(feedQueryOptions());
  const deciding = profile.isPending && profile.fetchStatus === 'fetching';
  const [suggesting, setSuggesting] = useState(false);
  const [browsing, setBrowsing] = useState(false);
  if (profile.data?.followingCount === 0 && !suggesting) setSuggesting(true);
  const suggestions = useSuggestions({ enabled: suggesting });
  const noOneToSuggest = suggestions.isError || suggestions.data?.length === 0;
  const showPeople = suggesting && !browsing && !noOneToSuggest;
  const ownPosts = useInfiniteQuery({
    ...userPostsQueryOptions(user.id),
    enabled: showPeople && (profile.data?.postsCount ?? 0) > 0,
  });
  const newestOwn = flattenPosts(ownPosts.data).slice(0, OWN_POSTS_SHOWN);

  const assistant = (
    <AiCreativeAssistant
      viewMode={viewMode}
      onViewModeChange={setViewMode}
      mood={mood}
      onMoodChange={setMood}
      flat3dNote={effects3d.flatBecause && FLAT_3D_NOTES[effects3d.flatBecause]}
    />
  );
  const quickCreate = (onNewProject: () => void) => <QuickCreate onNewProject={onNewProject} />;
  const canvas = <CanvasPanel meId={user.id} useFollowedSearch={useFollowedSearch} />;
  const skillMatcher = (
    <SkillMatcher onConnect={(userId) => conversation.open(userId, undefined, { quiet: true })} connecting={conversation.isPending} />
  );
  const folded: FoldedPanel[] = [
    { id: 'assistant', title: 'AI Creative Assistant', label: 'Assistant', icon: Wand2, tint: 'bg-fuchsia-500/20 text-fuchsia-200', render: () => assistant },
    {
      id: 'create',
      title: 'Quick Create',
      label: 'Create',
      icon: Palette,
      tint: 'bg-sky-500/20 text-sky-200',
      render: (close) =>
        quickCreate(() => {
          close(true);
          setChooserOpen(true);
        }),
    },
    { id: 'canvas', title: 'Live Collaboration Canvas', label: 'Canvas', icon: Shapes, tint: 'bg-emerald-500/20 text-emerald-200', render: () => canvas },
    { id: 'skills', title: 'AI Skill Matcher', label: 'Skill Matcher', icon: Network, tint: 'bg-indigo-500/20 text-indigo-200', render: () => skillMatcher },
  ];

  const welcome = (
    <header className="flex items-center gap-3">
      <Avatar src={user.profileImageUrl} name={user.displayName} className="size-11 text-lg" />
      <div className="min-w-0 flex-1">
        <h1 className="truncate text-lg font-semibold text-white">Welcome, {user.displayName}</h1>
        <p className="truncate text-sm text-zinc-400">@{user.username}</p>
      </div>
      <NotificationBell />
    </header>
  );

  return (
    <main className="px-4 pt-6 pb-6 lg:grid lg:grid-cols-[minmax(0,630px)_300px] lg:justify-center lg:gap-x-8 lg:px-6">
      {/* First in the reading order, as the spec lists the panels; from 1024 px it is the right rail. */}
      {desktop ? (
        <section aria-label="Creative tools" className="col-start-2 row-start-1 space-y-6">
          {welcome}
          {assistant}
          {quickCreate(() => setChooserOpen(true))}
          {canvas}
          {skillMatcher}
        </section>
      ) : (
        <div className="space-y-4">
          {welcome}
          <PanelRow panels={folded} />
        </div>
      )}
      <div className="mt-6 min-w-0 space-y-6 lg:col-start-1 lg:row-start-1 lg:mt-0">
        <StoriesStrip sponsored={sponsoredStories} />
        <BannerAd />
        <div
          data-testid="gallery"
          data-view-mode={viewMode}
          data-effects-3d={effects3d.on}
          className={cn(viewMode === 'emotion' && `-mx-2 rounded-3xl bg-gradient-to-b p-2 ring-1 ${moodById(mood).tint}`)}
        >
          {deciding ? (
            <div role="status" aria-label="Loading posts">
              <PostCardSkeleton />
            </div>
          ) : showPeople ? (
            <div className="space-y-6">
              {newestOwn.length > 0 && (
                <section aria-labelledby="own-posts-heading" className="space-y-4">
                  <h2 id="own-posts-heading" className="text-lg font-semibold text-white">
                    Your latest posts
                  </h2>
                  {newestOwn.map((post) => (
                    <PostCard key={post.id} post={post} tilt3d={viewMode === '3d' && effects3d.on} />
                  ))}
                </section>
              )}
              <PeopleToFollow>
                <Button variant="link" className="mt-2" onClick={() => setBrowsing(true)}>
                  Browse everyone&apos;s posts
                </Button>
              </PeopleToFollow>
            </div>
          ) : (
            <PostFeed tilt3d={viewMode === '3d' && effects3d.on} renderEmpty={(fallback) => <PeopleToFollow empty={fallback} />} />
          )}
        </div>
      </div>
      {/* On a laptop the rail's Quick Create (New Project) is always in view: no floating button over it. */}
      <CreateChooser open={chooserOpen} onOpenChange={setChooserOpen} floatingButton={!desktop} />
    </main>
  );
}
