//! Invite (issue 25, the owner's): people the owner follows, found by a search, picked and
//! invited at once. The search belongs to the users feature, so the page hands its hook in
//! (features do not import each other).
import { Check } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
import { Avatar } from '@/components/ui/avatar';
import { Input, Label } from '@/components/ui/input';
import { PersonOption } from '@/components/ui/person-option';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/use-toast';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { errorMessage } from '@/lib/api-client';
import { useInviteMembers } from '../api/invite-members';
import type { Canvas, CanvasPerson } from '../types';

export const INVITE_SEARCH_DEBOUNCE_MS = 300;

/**
 * People the session user follows whose name matches `query` (trimmed; nobody for a blank one),
 * as a hook: the page builds it from the users feature's search.
 */
export type FollowedSearchHook = (query: string) => { data?: CanvasPerson[]; isPending: boolean; isError: boolean };

export function InviteDialog({
  canvas,
  useFollowedSearch,
  children,
}: {
  canvas: Canvas;
  useFollowedSearch: FollowedSearchHook;
  /** The button that opens it. */
  children: ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const [picked, setPicked] = useState<CanvasPerson[]>([]);
  const debounced = useDebouncedValue(query.trim(), INVITE_SEARCH_DEBOUNCE_MS);
  const invite = useInviteMembers(canvas.id);
  const searchId = useId();

  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (!next) {
      setQuery('');
      setPicked([]);
    }
  };
  const toggle = (person: CanvasPerson) =>
    setPicked((all) => (all.some((p) => p.id === person.id) ? all.filter((p) => p.id !== person.id) : [...all, person]));

  const onInvite = () =>
    invite.mutate(
      picked.map((p) => p.id),
      {
        onSuccess: () => {
          toast({ title: picked.length === 1 ? `Invited ${picked[0].displayName}` : `Invited ${picked.length} people` });
          onOpenChange(false);
        },
        onError: (error) =>
          toast({ variant: 'destructive', title: 'Error', description: errorMessage(error) ?? 'Failed to invite' }),
      },
    );

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>{children}</DialogTrigger>
      <DialogContent>
        <DialogTitle>Invite to “{canvas.title}”</DialogTitle>
        <DialogDescription>People you follow can be invited to draw with you.</DialogDescription>
        <div className="mt-4 space-y-3">
          <div>
            <Label htmlFor={searchId}>Search people you follow</Label>
            <Input id={searchId} type="search" value={query} onChange={(event) => setQuery(event.target.value)} autoComplete="off" />
          </div>
          {picked.length > 0 && (
            <p className="text-sm text-zinc-300">Picked: {picked.map((p) => p.displayName).join(', ')}</p>
          )}
          <FollowedResults
            query={debounced}
            members={canvas.members}
            ownerId={canvas.owner.id}
            picked={picked}
            onToggle={toggle}
            useFollowedSearch={useFollowedSearch}
          />
          <Button className="w-full" disabled={picked.length === 0 || invite.isPending} onClick={onInvite}>
            {invite.isPending ? 'Inviting...' : picked.length > 1 ? `Invite ${picked.length} people` : 'Invite'}
          </Button>
          {canvas.members.length > 0 && (
            <div>
              <h3 className="mb-1 text-sm font-medium text-zinc-300">Invited</h3>
              <ul aria-label="Invited" className="flex flex-wrap gap-2">
                {canvas.members.map((member) => (
                  <li key={member.id} className="flex items-center gap-1.5 rounded-full bg-white/5 py-1 pr-3 pl-1 text-sm text-zinc-200">
                    <Avatar src={member.profileImageUrl} name={member.displayName} className="size-6 text-xs" />
                    {member.displayName}
                  </li>
                ))}
              </ul>
            </div>
          )}
        </div>
      </DialogContent>
    </Dialog>
  );
}

function FollowedResults({
  query,
  members,
  ownerId,
  picked,
  onToggle,
  useFollowedSearch,
}: {
  query: string;
  members: CanvasPerson[];
  ownerId: number;
  picked: CanvasPerson[];
  onToggle: (person: CanvasPerson) => void;
  useFollowedSearch: FollowedSearchHook;
}) {
  const search = useFollowedSearch(query);
  if (!query) return <p className="py-4 text-center text-sm text-zinc-400">Start typing to find people you follow</p>;
  if (search.isPending) {
    return (
      <div role="status" aria-label="Searching" className="space-y-2">
        {[0, 1].map((i) => (
          <Skeleton key={i} className="h-14 rounded-xl" />
        ))}
      </div>
    );
  }
  if (search.isError) return null;
  const invited = new Set(members.map((m) => m.id));
  const people = (search.data ?? []).filter((p) => p.id !== ownerId);
  if (people.length === 0) return <p className="py-4 text-center text-sm text-zinc-400">Nobody you follow has that name</p>;
  return (
    <ul aria-label="People you follow" className="space-y-1">
      {people.map((person) => {
        const already = invited.has(person.id);
        const isPicked = picked.some((p) => p.id === person.id);
        return (
          <li key={person.id}>
            <PersonOption
              person={person}
              pressed={already ? undefined : isPicked}
              picked={isPicked}
              disabled={already}
              onClick={() => onToggle(person)}
              end={
                already ? (
                  <span className="text-xs text-zinc-400">Invited</span>
                ) : (
                  isPicked && <Check aria-hidden="true" className="size-5 text-fuchsia-300" />
                )
              }
            />
          </li>
        );
      })}
    </ul>
  );
}
