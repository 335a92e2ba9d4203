//! A group's sheet, opened from its header (issue 22): its picture and name, the members with
//! the owner marked. Anyone renames it (inline) or changes its picture; the owner adds people
//! (up to 32 members) and removes members ('Remove Leo Park from the group?' first, issue 43);
//! anyone leaves it (asked first too), which takes it out of their list and back to the chat list.
import { Camera, LogOut, Pencil, UserPlus } from 'lucide-react';
import { useId, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { useLocation } from 'wouter';
import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { Input, Label } from '@/components/ui/input';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api-client';
import { checkImageFile } from '@/lib/image-file';
import { imageFileToDataUrl } from '@/lib/process-image';
import { useAddMembers } from '../api/add-members';
import { useLeaveConversation } from '../api/leave-conversation';
import { useRemoveMember } from '../api/remove-member';
import { useUpdateGroup } from '../api/update-group';
import {
  conversationTitle,
  GROUP_MAX_MEMBERS,
  GROUP_NAME_MAX_LENGTH,
  groupNameProblem,
  membersText,
  otherMembers,
  ownerId,
} from '../conversation';
import type { Conversation } from '../types';
import { GroupAvatar } from './group-avatar';
import { PeoplePicker, type FoundUser, type UserSearchHook } from './people-picker';

/** A group picture is a profile picture's size at most. */
export const GROUP_PICTURE_MAX_MB = 5;

function failed(title: string, error: unknown) {
  toast({ variant: 'destructive', title, description: errorMessage(error) ?? 'Please try again.' });
}

function RenameForm({ conversation, onDone }: { conversation: Conversation; onDone: () => void }) {
  const [name, setName] = useState(conversation.name ?? '');
  const [tried, setTried] = useState(false);
  const update = useUpdateGroup(conversation.id);
  const nameId = useId();
  const problemId = useId();
  const problem = groupNameProblem(name);
  const showProblem = problem !== null && (tried || name.trim().length > GROUP_NAME_MAX_LENGTH);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (problem) return;
    if (name.trim() === conversation.name) {
      onDone();
      return;
    }
    update.mutate({ name: name.trim() }, { onSuccess: onDone, onError: (error) => failed('Failed to rename the group', error) });
  };

  return (
    <form onSubmit={onSubmit} noValidate className="mt-4 space-y-2">
      <Label htmlFor={nameId}>Group name</Label>
      <Input
        id={nameId}
        value={name}
        onChange={(e) => setName(e.target.value)}
        aria-invalid={showProblem}
        aria-describedby={showProblem ? problemId : undefined}
        autoComplete="off"
        // Opened by 'Rename': the field is what the person came for.
        // eslint-disable-next-line jsx-a11y/no-autofocus -- focus follows the button that opened the field
        autoFocus
      />
      {showProblem && (
        <p id={problemId} role="alert" className="text-sm text-red-300">
          {problem}
        </p>
      )}
      <div className="flex gap-2">
        <Button variant="secondary" onClick={onDone} disabled={update.isPending} className="flex-1">
          Cancel
        </Button>
        <Button type="submit" disabled={update.isPending} className="flex-1">
          {update.isPending ? 'Saving...' : 'Save'}
        </Button>
      </div>
    </form>
  );
}

function AddPeople({
  conversation,
  useUserSearch,
  onDone,
}: {
  conversation: Conversation;
  useUserSearch: UserSearchHook;
  onDone: () => void;
}) {
  const [picked, setPicked] = useState<FoundUser[]>([]);
  const add = useAddMembers(conversation.id);
  const members = new Set(conversation.participants.map((p) => p.user.id));
  const room = GROUP_MAX_MEMBERS - conversation.participants.length;

  const onAdd = () =>
    add.mutate(
      picked.map((user) => user.id),
      {
        onSuccess: () => onDone(),
        onError: (error) => failed('Failed to add people', error),
      },
    );

  return (
    <section aria-label="Add people" className="mt-4 space-y-3">
      <PeoplePicker
        useUserSearch={useUserSearch}
        exclude={members}
        picked={picked}
        onPickedChange={setPicked}
        max={room}
        fullText={`A group can have at most ${GROUP_MAX_MEMBERS} members`}
        searchLabel="Search people to add"
        disabled={add.isPending}
      />
      <div className="flex gap-2">
        <Button variant="secondary" onClick={onDone} disabled={add.isPending} className="flex-1">
          Cancel
        </Button>
        <Button onClick={onAdd} disabled={add.isPending || picked.length === 0} className="flex-1">
          {add.isPending ? 'Adding...' : picked.length > 0 ? `Add ${picked.length}` : 'Add'}
        </Button>
      </div>
    </section>
  );
}

function ChangePicture({ conversation }: { conversation: Conversation }) {
  const input = useRef<HTMLInputElement>(null);
  const update = useUpdateGroup(conversation.id);
  const [reading, setReading] = useState(false);
  const busy = reading || update.isPending;

  const onChange = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const problem = checkImageFile(file, GROUP_PICTURE_MAX_MB);
    if (problem) {
      toast({ variant: 'destructive', ...problem });
      return;
    }
    setReading(true);
    let avatar: string;
    try {
      avatar = await imageFileToDataUrl(file);
    } catch (error) {
      failed('Could not read the picture', error);
      return;
    } finally {
      setReading(false);
    }
    update.mutate({ avatar }, { onError: (error) => failed('Failed to change the picture', error) });
  };

  return (
    <>
      <Button variant="secondary" disabled={busy} onClick={() => input.current?.click()} className="flex-1">
        <Camera aria-hidden="true" className="size-4" />
        {busy ? 'Uploading...' : 'Change picture'}
      </Button>
      <input
        ref={input}
        type="file"
        accept="image/*"
        aria-label="Group picture file"
        tabIndex={-1}
        className="sr-only"
        onChange={(event) => void onChange(event)}
      />
    </>
  );
}

function LeaveGroup({ conversation, onLeft }: { conversation: Conversation; onLeft: () => void }) {
  const [asking, setAsking] = useState(false);
  const leave = useLeaveConversation();
  const [, navigate] = useLocation();

  // Awaited, as in the header: the socket's drop may unmount the sheet before the answer.
  const onLeave = async () => {
    try {
      await leave.mutateAsync(conversation.id);
    } catch (error) {
      failed('Failed to leave the group', error);
      return;
    }
    setAsking(false);
    toast({ title: 'Left group', description: `You have left “${conversation.name ?? 'the group'}”.` });
    onLeft();
    navigate('/chat');
  };

  return (
    <ConfirmDialog
      open={asking}
      onOpenChange={setAsking}
      trigger={
        <Button variant="ghost" className="mt-4 w-full text-red-300 hover:text-red-200">
          <LogOut aria-hidden="true" className="size-4" />
          Leave group
        </Button>
      }
      title={`Leave “${conversation.name ?? 'the group'}”?`}
      description="You will no longer get its messages."
      confirmLabel="Leave"
      busyLabel="Leaving..."
      busy={leave.isPending}
      onConfirm={() => void onLeave()}
    />
  );
}

function MemberRow({
  user,
  owner,
  me,
  onRemove,
  removing,
}: {
  user: Conversation['participants'][number]['user'];
  owner: boolean;
  me: boolean;
  /** Removes them, then calls `done` (absent: no Remove, they are not yours to remove). */
  onRemove?: (done: () => void) => void;
  removing: boolean;
}) {
  const [asking, setAsking] = useState(false);
  return (
    <li className="flex min-h-14 items-center gap-3">
      <span aria-hidden="true">
        <Avatar src={user.profileImage} name={user.displayName} className="size-10 text-base" />
      </span>
      <span className="min-w-0 flex-1">
        <span className="flex items-center gap-2">
          <span className="truncate font-semibold text-white">{me ? `${user.displayName} (you)` : user.displayName}</span>
          {owner && (
            <span className="shrink-0 rounded-full bg-fuchsia-500/20 px-2 text-xs leading-5 font-semibold text-fuchsia-200">
              Owner
            </span>
          )}
        </span>
        <span className="block truncate text-sm text-zinc-400">
          {user.username ? `@${user.username}` : ''}
          {user.isOnline && <span className="text-emerald-300">{user.username ? ' · online' : 'online'}</span>}
        </span>
      </span>
      {onRemove && (
        <ConfirmDialog
          open={asking}
          onOpenChange={setAsking}
          trigger={
            <Button variant="secondary" aria-label={`Remove ${user.displayName}`} disabled={removing} className="shrink-0 px-3">
              Remove
            </Button>
          }
          title={`Remove ${user.displayName} from the group?`}
          description="They will no longer get its messages; you can add them again later."
          confirmLabel="Remove"
          busyLabel="Removing..."
          busy={removing}
          onConfirm={() => onRemove(() => setAsking(false))}
        />
      )}
    </li>
  );
}

type Panel = 'members' | 'rename' | 'add';

export function MembersSheet({
  conversation,
  meId,
  useUserSearch,
  open,
  onOpenChange,
}: {
  conversation: Conversation;
  meId: number;
  useUserSearch: UserSearchHook;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const [panel, setPanel] = useState<Panel>('members');
  const remove = useRemoveMember(conversation.id);
  const owner = ownerId(conversation);
  const iOwn = owner === meId;
  const title = conversationTitle(conversation, meId);
  const count = conversation.participants.length;
  const full = count >= GROUP_MAX_MEMBERS;

  const close = (next: boolean) => {
    onOpenChange(next);
    if (!next) setPanel('members');
  };

  const onRemove = (user: { id: number; displayName: string }, done: () => void) =>
    remove.mutate(user.id, { onSuccess: done, onError: (error) => failed(`Failed to remove ${user.displayName}`, error) });

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent>
        <div className="flex flex-col items-center gap-2 pt-2 text-center">
          <GroupAvatar
            name={title}
            avatarUrl={conversation.avatarUrl}
            members={otherMembers(conversation, meId)}
            className="size-20 text-3xl"
          />
          <DialogTitle className="max-w-full px-10 break-words">{title}</DialogTitle>
          <DialogDescription className="mt-0">{membersText(count)}</DialogDescription>
        </div>

        {panel === 'rename' ? (
          <RenameForm conversation={conversation} onDone={() => setPanel('members')} />
        ) : panel === 'add' ? (
          <AddPeople conversation={conversation} useUserSearch={useUserSearch} onDone={() => setPanel('members')} />
        ) : (
          <>
            <div className="mt-4 flex gap-2">
              <Button variant="secondary" onClick={() => setPanel('rename')} className="flex-1">
                <Pencil aria-hidden="true" className="size-4" />
                Rename
              </Button>
              <ChangePicture conversation={conversation} />
            </div>
            {iOwn && (
              <>
                <Button
                  variant="secondary"
                  disabled={full}
                  onClick={() => setPanel('add')}
                  className="mt-2 w-full"
                >
                  <UserPlus aria-hidden="true" className="size-4" />
                  Add people
                </Button>
                {full && (
                  <p className="mt-1.5 text-center text-sm text-zinc-400">
                    A group can have at most {GROUP_MAX_MEMBERS} members
                  </p>
                )}
              </>
            )}
            <h3 className="mt-5 mb-1 text-sm font-semibold text-zinc-300">Members</h3>
            <ul aria-label="Members" className="space-y-1">
              {conversation.participants.map(({ user, role }) => (
                <MemberRow
                  key={user.id}
                  user={user}
                  owner={role === 'owner'}
                  me={user.id === meId}
                  removing={remove.isPending && remove.variables === user.id}
                  onRemove={iOwn && user.id !== meId ? (done) => onRemove(user, done) : undefined}
                />
              ))}
            </ul>
            <LeaveGroup conversation={conversation} onLeft={() => close(false)} />
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
