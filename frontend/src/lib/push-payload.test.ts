import { describe, expect, it } from 'vitest';
import { clickTarget, notificationFor, parsePushPayload } from './push-payload';

const ORIGIN = 'https://atelier.example';

describe('parsePushPayload', () => {
  it('reads every field of the server’s payload', () => {
    const body = JSON.stringify({ title: 'New like', text: 'leo and 3 others liked your post', actors: ['leo', 'ana'], url: '/p/42', tag: 'post-42-likes' });
    expect(parsePushPayload(body)).toEqual({
      title: 'New like',
      text: 'leo and 3 others liked your post',
      actors: ['leo', 'ana'],
      url: '/p/42',
      tag: 'post-42-likes',
    });
  });

  it('keeps only the text and url when the rest is missing', () => {
    expect(parsePushPayload('{"text":"maya followed you","url":"/profile/maya"}')).toEqual({ text: 'maya followed you', url: '/profile/maya' });
  });

  it('answers null for a body that is not JSON, so the worker shows nothing', () => {
    expect(parsePushPayload('leo liked your post')).toBeNull();
    expect(parsePushPayload('{"text": ')).toBeNull();
    expect(parsePushPayload('')).toBeNull();
    expect(parsePushPayload(null)).toBeNull();
  });

  it('answers null for JSON without a text or a url', () => {
    expect(parsePushPayload('null')).toBeNull();
    expect(parsePushPayload('[1,2]')).toBeNull();
    expect(parsePushPayload('{"url":"/p/1"}')).toBeNull();
    expect(parsePushPayload('{"text":"  ","url":"/p/1"}')).toBeNull();
    expect(parsePushPayload('{"text":"hi"}')).toBeNull();
    expect(parsePushPayload('{"text":42,"url":"/p/1"}')).toBeNull();
  });

  it('ignores fields of the wrong type', () => {
    expect(parsePushPayload('{"title":7,"text":"hi","actors":["leo",3],"url":"/","tag":false}')).toEqual({ text: 'hi', actors: ['leo'], url: '/' });
  });
});

describe('notificationFor', () => {
  it('shows the text under the given title with the app icon, the tag and the url to open', () => {
    expect(notificationFor({ title: 'New like', text: 'leo liked your post', url: '/p/42', tag: 'post-42' })).toEqual({
      title: 'New like',
      options: { body: 'leo liked your post', icon: '/icons/icon-192.png', badge: '/icons/icon-192.png', tag: 'post-42', data: { url: '/p/42' } },
    });
  });

  it("is titled 'Atelier' when the payload has no title, and untagged without a tag", () => {
    const { title, options } = notificationFor({ text: 'maya followed you', url: '/profile/maya' });
    expect(title).toBe('Atelier');
    expect(options).not.toHaveProperty('tag');
  });
});

describe('clickTarget', () => {
  it('opens a path of the app as it is, with its query and fragment', () => {
    expect(clickTarget('/p/42', ORIGIN)).toBe('/p/42');
    expect(clickTarget('/chat/7?focus=1#m-3', ORIGIN)).toBe('/chat/7?focus=1#m-3');
  });

  it('opens an absolute address of the same origin as its path', () => {
    expect(clickTarget(`${ORIGIN}/profile/leo`, ORIGIN)).toBe('/profile/leo');
  });

  it("opens '/' for another site, a protocol-relative address or a script", () => {
    expect(clickTarget('https://evil.example/p/1', ORIGIN)).toBe('/');
    expect(clickTarget('//evil.example/p/1', ORIGIN)).toBe('/');
    expect(clickTarget('/\\evil.example', ORIGIN)).toBe('/');
    expect(clickTarget('javascript:alert(1)', ORIGIN)).toBe('/');
    expect(clickTarget('http://atelier.example/p/1', ORIGIN)).toBe('/');
  });

  it("opens '/' when there is no url", () => {
    expect(clickTarget(undefined, ORIGIN)).toBe('/');
    expect(clickTarget('', ORIGIN)).toBe('/');
    expect(clickTarget(42, ORIGIN)).toBe('/');
  });
});
