import { usePrefetchInfiniteQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { BannerAd } from '@/features/ads/components/banner-ad';
import { useSponsoredStories } from '@/features/ads/hooks/use-sponsored-stories';
import { useStartConversation } from '@/features/chat/hooks/use-start-conversation';
import { CanvasPanel } from '@/features/canvas/components/canvas-panel';
import { AiCreativeAssistant } from '@/features/home/components/ai-creative-assistant';
import { QuickCreate } from '@/features/home/components/quick-create';
import { SkillMatcher } from '@/features/home/components/skill-matcher';
import { DEFAULT_MOOD, DEFAULT_VIEW_MODE, moodById, type MoodId, type ViewMode } from '@/features/home/moods';
import { NotificationBell } from '@/features/notifications/components/notification-bell';
import { feedQueryOptions } from '@/features/posts/api/get-feed';
import { CreateChooser } from '@/features/posts/components/create-chooser';
import { PostCardSkeleton } from '@/features/posts/components/post-card-skeleton';
import { PostFeed } from '@/features/posts/components/post-feed';
import { StoriesStrip } from '@/features/stories/components/stories-strip';
import { useProfile } from '@/features/users/api/get-profile';
import { useSuggestions } from '@/features/users/api/get-suggestions';
import { PeopleToFollow } from '@/features/users/components/people-to-follow';
import { useFollowedSearch } from '@/features/users/hooks/use-followed-search';
import { useCurrentUser } from '@/lib/auth';
import { cn } from '@/lib/utils';

/**
 * Home: the dashboard's panels in the spec's order. The page owns the view mode
 * (3D tilts the gallery's cards, AI emotion tints it in the mood's colours), the mood, and the
 * create chooser's open state (the floating button and Quick Create's New Project both open it),
 * starts the conversation the skill matcher's Connect asks for, and gives the story viewer its
 * sponsored stories (the story placement's ads). Following nobody (issue 41), the gallery's
 * place holds 'People to follow' until 'Browse everyone's posts'; it stays while the user follows
 * from it (the count changes under it), for this visit.
 */
export default function HomePage() {
  const user = useCurrentUser();
  const [viewMode, setViewMode] = useState<ViewMode>(DEFAULT_VIEW_MODE);
  const [mood, setMood] = useState<MoodId>(DEFAULT_MOOD);
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

  return (
    <main className="space-y-6 px-4 pt-6 pb-6">
      <header className="flex items-center gap-3">
        <Avatar src={user.profileImageUrl} name={user.displayName} className="size-11 text-lg" />
        <div className="min-w-0 flex-1">
          <h1 className="truncate text-lg font-semibold text-white">Welcome, {user.displayName}</h1>
          <p className="truncate text-sm text-zinc-400">@{user.username}</p>
        </div>
        <NotificationBell />
      </header>
      <AiCreativeAssistant viewMode={viewMode} onViewModeChange={setViewMode} mood={mood} onMoodChange={setMood} />
      <QuickCreate onNewProject={() => setChooserOpen(true)} />
      <CanvasPanel meId={user.id} useFollowedSearch={useFollowedSearch} />
      <SkillMatcher onConnect={(userId) => conversation.open(userId, undefined, { quiet: true })} connecting={conversation.isPending} />
      <StoriesStrip sponsored={sponsoredStories} />
      <BannerAd />
      <div
        data-testid="gallery"
        data-view-mode={viewMode}
        className={cn(viewMode === 'emotion' && `-mx-2 rounded-3xl bg-gradient-to-b p-2 ring-1 ${moodById(mood).tint}`)}
      >
        {deciding ? (
          <div role="status" aria-label="Loading posts">
            <PostCardSkeleton />
          </div>
        ) : showPeople ? (
          <PeopleToFollow>
            <Button variant="link" className="mt-2" onClick={() => setBrowsing(true)}>
              Browse everyone&apos;s posts
            </Button>
          </PeopleToFollow>
        ) : (
          <PostFeed tilt3d={viewMode === '3d'} renderEmpty={(fallback) => <PeopleToFollow empty={fallback} />} />
        )}
      </div>
      <CreateChooser open={chooserOpen} onOpenChange={setChooserOpen} />
    </main>
  );
}
