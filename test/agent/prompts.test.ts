import { describe, expect, it } from 'vitest';
import type { ChatMessage } from '../../src/agent/chat.js';
import { boundImages, imageMessage, truncateText } from '../../src/agent/prompts.js';

describe('truncateText', () => {
  it('keeps short text and cuts long text with a marker', () => {
    expect(truncateText('abc', 3)).toBe('abc');
    expect(truncateText('abcdef', 4)).toBe('abcd\n[… truncated: 2 more characters …]');
  });
});

describe('boundImages', () => {
  const png = new Uint8Array([1, 2, 3]);
  const history: ChatMessage[] = [
    { role: 'user', content: 'goal' },
    imageMessage('a', png),
    { role: 'tool', tool_call_id: 'c1', content: 'ok' },
    imageMessage('b', png),
    imageMessage('c', png),
  ];

  it('keeps the last images and replaces older ones with a note, leaving the input alone', () => {
    const bounded = boundImages(history, 2);
    expect(bounded[0]).toBe(history[0]);
    expect(bounded[1]).toEqual({ role: 'user', content: "Screenshot 'a': [image omitted: only the last 2 screenshots are kept]" });
    expect(bounded.slice(2)).toEqual(history.slice(2));
    expect(history[1]).toEqual(imageMessage('a', png));
  });

  it('keeps everything under the limit', () => {
    expect(boundImages(history, 3)).toEqual(history);
  });
});

describe('imageMessage', () => {
  it('carries the PNG as a base64 data URL', () => {
    expect(imageMessage('moved', new Uint8Array([0x89, 0x50, 0x4e, 0x47]))).toEqual({
      role: 'user',
      content: [
        { type: 'text', text: "Screenshot 'moved':" },
        { type: 'image_url', image_url: { url: 'data:image/png;base64,iVBORw==' } },
      ],
    });
  });
});
