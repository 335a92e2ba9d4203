//! 'Start New Chat': a debounced user search; choosing someone starts (or reopens)
//! the one-to-one conversation and opens it. 'New group' turns it into the group form (issue 22):
//! a name of 1–60 characters and 2–31 people picked from the same search; 'Create group' makes
//! it and opens it. The search itself belongs to the users feature, so the page hands its hook in
//! (features do not import each other).
import { ArrowLeft, SquarePen, Users } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { useLocation } from 'wouter';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
import { IconButton } from '@/components/ui/icon-button';
import { Input, Label } from '@/components/ui/input';
import { toast } from '@/components/ui/use-toast';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { errorMessage } from '@/lib/api-client';
import { useCreateGroup } from '../api/create-group';
import { GROUP_MAX_MEMBERS, GROUP_MIN_OTHERS, groupNameProblem, GROUP_NAME_MAX_LENGTH } from '../conversation';
import { useStartConversation } from '../hooks/use-start-conversation';
import {
  NEW_CHAT_SEARCH_DEBOUNCE_MS,
  PeoplePicker,
  SearchResults,
  type FoundUser,
  type UserSearchHook,
} from './people-picker';

export { NEW_CHAT_SEARCH_DEBOUNCE_MS, type FoundUser, type UserSearchHook };

/** The group form: its name, the people picked, and what stops it from being made. */
function NewGroupForm({
  meId,
  useUserSearch,
  onBack,
  onCreated,
}: {
  meId: number;
  useUserSearch: UserSearchHook;
  onBack: () => void;
  onCreated: () => void;
}) {
  const [name, setName] = useState('');
  const [picked, setPicked] = useState<FoundUser[]>([]);
  const [tried, setTried] = useState(false);
  const create = useCreateGroup();
  const [, navigate] = useLocation();
  const nameId = useId();
  const problemId = useId();

  // Too long shows at once; empty, or too few people, once 'Create group' was pressed.
  const nameProblem = groupNameProblem(name);
  const showNameProblem = nameProblem !== null && (tried || name.trim().length > GROUP_NAME_MAX_LENGTH);
  const peopleProblem = picked.length < GROUP_MIN_OTHERS ? `Pick at least ${GROUP_MIN_OTHERS} people` : null;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (nameProblem || peopleProblem) return;
    create.mutate(
      { participantIds: picked.map((user) => user.id), name: name.trim() },
      {
        onSuccess: (conversation) => {
          toast({ title: 'Group created', description: `“${conversation.name ?? name.trim()}” is ready.` });
          onCreated();
          navigate(`/chat/${conversation.id}`);
        },
        onError: (error) =>
          toast({ variant: 'destructive', title: 'Failed to create group', description: errorMessage(error) ?? 'Please try again.' }),
      },
    );
  };

  return (
    <form onSubmit={onSubmit} noValidate className="mt-4 space-y-4">
      <div>
        <Label htmlFor={nameId}>Group name</Label>
        <Input
          id={nameId}
          value={name}
          onChange={(e) => setName(e.target.value)}
          aria-invalid={showNameProblem}
          aria-describedby={showNameProblem ? problemId : undefined}
          autoComplete="off"
        />
        {showNameProblem && (
          <p id={problemId} role="alert" className="mt-1.5 text-sm text-red-300">
            {nameProblem}
          </p>
        )}
      </div>
      <PeoplePicker
        useUserSearch={useUserSearch}
        exclude={new Set([meId])}
        picked={picked}
        onPickedChange={setPicked}
        max={GROUP_MAX_MEMBERS - 1}
        fullText={`A group can have at most ${GROUP_MAX_MEMBERS} members`}
        disabled={create.isPending}
      />
      <p className={tried && peopleProblem ? 'text-sm text-red-300' : 'text-sm text-zinc-400'} role={tried && peopleProblem ? 'alert' : undefined}>
        {tried && peopleProblem ? peopleProblem : `${picked.length} picked · at least ${GROUP_MIN_OTHERS}`}
      </p>
      <div className="flex gap-2">
        <Button variant="secondary" onClick={onBack} disabled={create.isPending} className="flex-1">
          <ArrowLeft aria-hidden="true" className="size-4" />
          Back
        </Button>
        <Button type="submit" disabled={create.isPending} className="flex-1">
          {create.isPending ? 'Creating...' : 'Create group'}
        </Button>
      </div>
    </form>
  );
}

export function NewChatDialog({ meId, useUserSearch }: { meId: number; useUserSearch: UserSearchHook }) {
  const [open, setOpen] = useState(false);
  const [mode, setMode] = useState<'chat' | 'group'>('chat');
  const [input, setInput] = useState('');
  const query = useDebouncedValue(input.trim(), NEW_CHAT_SEARCH_DEBOUNCE_MS);
  const start = useStartConversation();

  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (!next) {
      setInput('');
      setMode('chat');
    }
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        <IconButton
          label="Start New Chat"
          icon={SquarePen}
          iconClassName="size-5"
          className="text-zinc-300 hover:bg-white/5 hover:text-white"
        />
      </DialogTrigger>
      <DialogContent>
        {mode === 'group' ? (
          <>
            <DialogTitle>New group</DialogTitle>
            <DialogDescription>Name it and pick 2 to {GROUP_MAX_MEMBERS - 1} people.</DialogDescription>
            <NewGroupForm
              meId={meId}
              useUserSearch={useUserSearch}
              onBack={() => setMode('chat')}
              onCreated={() => onOpenChange(false)}
            />
          </>
        ) : (
          <>
            <DialogTitle>Start New Chat</DialogTitle>
            <DialogDescription className="sr-only">Find someone to message, or start a group.</DialogDescription>
            {/* Radix focuses the first control on opening: this search field. */}
            <Input
              type="search"
              aria-label="Search users"
              placeholder="Search users..."
              value={input}
              onChange={(e) => setInput(e.target.value)}
              className="mt-4 mb-2"
            />
            <Button variant="ghost" onClick={() => setMode('group')} className="mb-2 w-full justify-start px-2">
              <span className="grid size-10 place-items-center rounded-full bg-white/10">
                <Users aria-hidden="true" className="size-5" />
              </span>
              New group
            </Button>
            <SearchResults
              query={query}
              exclude={new Set([meId])}
              useUserSearch={useUserSearch}
              disabled={start.isPending}
              onChoose={(user) => start.open(user.id, () => onOpenChange(false))}
            />
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
