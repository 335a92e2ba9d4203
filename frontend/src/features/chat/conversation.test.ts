import { describe, expect, it } from 'vitest';
import { aChatUser, aGroup, aMessage, aMessageFromMe, aSystemMessage, ana, kim, meChat } from '@/test/chat';
import {
  groupNameProblem,
  lastLineText,
  membersText,
  namesList,
  onlineCount,
  seenBy,
  searchSnippet,
  seenMessageId,
  systemLineText,
} from './conversation';

const leo = aChatUser();
const ME = meChat.id;

describe('system lines', () => {
  it.each([
    ['created', { content: 'Trip' }, 'Leo Park created the group “Trip”'],
    ['added', { user: ana }, 'Leo Park added Ana Silva'],
    ['removed', { user: ana }, 'Leo Park removed Ana Silva'],
    ['left', {}, 'Leo Park left'],
    ['renamed', { content: 'Trip 2026' }, 'Leo Park named the group “Trip 2026”'],
    ['avatar', {}, 'Leo Park changed the group picture'],
    ['owner', { user: ana }, 'Ana Silva is now the owner'],
  ] as const)('writes %s as the contract says', (kind, overrides, text) => {
    expect(systemLineText(aSystemMessage(kind, overrides), ME)).toBe(text);
  });

  it("calls the session user 'You' as the one who did it, and 'you' as the one it names", () => {
    expect(systemLineText(aSystemMessage('created', { by: meChat, content: 'Trip' }), ME)).toBe('You created the group “Trip”');
    expect(systemLineText(aSystemMessage('added', { by: meChat, user: leo }), ME)).toBe('You added Leo Park');
    expect(systemLineText(aSystemMessage('added', { user: meChat }), ME)).toBe('Leo Park added you');
    expect(systemLineText(aSystemMessage('removed', { user: meChat }), ME)).toBe('Leo Park removed you');
    expect(systemLineText(aSystemMessage('left', { by: meChat }), ME)).toBe('You left');
    expect(systemLineText(aSystemMessage('renamed', { by: meChat, content: 'Trip' }), ME)).toBe('You named the group “Trip”');
    expect(systemLineText(aSystemMessage('avatar', { by: meChat }), ME)).toBe('You changed the group picture');
    expect(systemLineText(aSystemMessage('owner', { by: leo, user: meChat }), ME)).toBe('You are now the owner');
  });

  it('names the sender as the new owner when the line names no one', () => {
    expect(systemLineText(aSystemMessage('owner', { by: kim, user: null }), ME)).toBe('Kim Lee is now the owner');
  });

  it("writes a group's last line in the list: a system line's text, anyone else's message after their name", () => {
    const group = aGroup();
    expect(lastLineText(group, aSystemMessage('added', { by: meChat, user: kim }), ME)).toBe('You added Kim Lee');
    expect(lastLineText(group, aMessage({ content: 'See you there' }), ME)).toBe('Leo Park: See you there');
    expect(lastLineText(group, aMessageFromMe({ content: 'On my way' }), ME)).toBe('You: On my way');
    expect(lastLineText(group, aMessage({ messageType: 'voice', content: '' }), ME)).toBe('Leo Park: Voice message');
    // A one-to-one conversation's line stays the message alone.
    expect(lastLineText({ kind: 'direct' }, aMessage({ content: 'See you there' }), ME)).toBe('See you there');
  });
});

describe("'Seen by n' in a group", () => {
  const messages = [
    aMessageFromMe({ id: 1 }),
    aMessage({ id: 2 }),
    aMessageFromMe({ id: 3 }),
    aSystemMessage('renamed', { id: 4, by: meChat, content: 'Trip' }),
    aMessageFromMe({ id: 5 }),
  ];

  it('goes under your newest message anyone has read, naming everyone who has read that far', () => {
    const group = aGroup({ reads: { [leo.id]: 5, [ana.id]: 3, [kim.id]: 5, [ME]: 5 } });
    const seen = seenBy(group, ME, messages);
    expect(seen?.messageId).toBe(5);
    expect(seen?.readers.map((user) => user.displayName)).toEqual(['Leo Park', 'Kim Lee']);
  });

  it('counts only the others: your own pointer is no reader', () => {
    const group = aGroup({ reads: { [ana.id]: 3, [ME]: 5 } });
    const seen = seenBy(group, ME, messages);
    expect(seen?.messageId).toBe(3);
    expect(seen?.readers.map((user) => user.displayName)).toEqual(['Ana Silva']);
  });

  it('skips a system line of yours: it is nobody’s message to read', () => {
    const group = aGroup({ reads: { [leo.id]: 4 } });
    expect(seenBy(group, ME, messages)?.messageId).toBe(3);
  });

  it('is nothing while nobody has read a message of yours, or their reads are hidden', () => {
    expect(seenBy(aGroup({ reads: { [leo.id]: null, [ana.id]: null } }), ME, messages)).toBeNull();
    expect(seenBy(aGroup({ reads: { [leo.id]: 2 } }), ME, [aMessage({ id: 2 }), aMessageFromMe({ id: 6 })])).toBeNull();
  });

  it("does not disturb one-to-one 'Seen', which skips system lines too", () => {
    const direct = aGroup({ kind: 'direct', name: null, members: [meChat, leo], reads: { [leo.id]: 4 } });
    expect(seenMessageId(direct, ME, messages)).toBe(3);
  });

  it('lists the names in a sentence', () => {
    expect(namesList(['Leo Park'])).toBe('Leo Park');
    expect(namesList(['Leo Park', 'Ana Silva'])).toBe('Leo Park and Ana Silva');
    expect(namesList(['Leo Park', 'Ana Silva', 'Kim Lee'])).toBe('Leo Park, Ana Silva and Kim Lee');
  });
});

describe('a group’s numbers and name', () => {
  it('counts members (you included) and the others online (you excluded)', () => {
    const group = aGroup();
    expect(membersText(group.participants.length)).toBe('4 members');
    expect(membersText(1)).toBe('1 member');
    // Only Ana is online among the others; the session user is always online and not counted.
    expect(onlineCount(group, ME)).toBe(1);
  });

  it('takes a name of 1–60 characters after trimming', () => {
    expect(groupNameProblem('  Trip  ')).toBeNull();
    expect(groupNameProblem('x'.repeat(60))).toBeNull();
    expect(groupNameProblem('   ')).toBe('Give the group a name');
    expect(groupNameProblem('x'.repeat(61))).toBe('A group name can be at most 60 characters');
  });
});

describe("a search result's snippet (issue 47)", () => {
  const marked = (text: string, query: string) =>
    searchSnippet(text, query)
      .map((part) => (part.match ? `[${part.text}]` : part.text))
      .join('');

  it('marks every occurrence of the whole query, whatever its case', () => {
    expect(marked('The Mural, the mural!', 'mural')).toBe('The [Mural], the [mural]!');
    expect(marked('paint the mural', ' the mural ')).toBe('paint [the mural]');
  });

  it('takes the query literally, not as a pattern', () => {
    expect(marked('Is it 3.50 (or 3x50)?', '(or 3x50)')).toBe('Is it 3.50 [(or 3x50)]?');
    expect(marked('a.b and axb', 'a.b')).toBe('[a.b] and axb');
  });

  it('cuts long text around the first occurrence, marking the cuts, so the match is in view', () => {
    const text = `${'word '.repeat(60)}the mural ${'more '.repeat(60)}`;
    const snippet = marked(text, 'mural');
    expect(snippet.startsWith('…')).toBe(true);
    expect(snippet.endsWith('…')).toBe(true);
    expect(snippet).toContain('[mural]');
    expect(snippet.length).toBeLessThan(160);
  });

  it('quotes short text whole, and text without the query as it is', () => {
    expect(marked('On my way', 'way')).toBe('On my [way]');
    expect(marked('On my way', 'zebra')).toBe('On my way');
  });
});
