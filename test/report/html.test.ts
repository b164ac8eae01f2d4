import { describe, expect, it } from 'vitest';
import { escapeHtml, jsonForScript, pngDataUrl } from '../../src/report/html.js';

describe('escapeHtml', () => {
  it.each([
    ['plain', 'plain'],
    ['a & b', 'a &amp; b'],
    ['</script>', '&lt;/script&gt;'],
    [`<img src=x onerror="alert('1')">`, '&lt;img src=x onerror=&quot;alert(&#39;1&#39;)&quot;&gt;'],
    ['&amp;', '&amp;amp;'],
    ['é 日本 🙂', 'é 日本 🙂'],
  ])('%j → %j', (text, html) => {
    expect(escapeHtml(text)).toBe(html);
  });
});

describe('jsonForScript', () => {
  it.each([
    [{ a: '</script>' }, '{"a":"\\u003c/script\\u003e"}'],
    [['<!--', '&'], '["\\u003c!--","\\u0026"]'],
    ['\u2028\u2029', '"\\u2028\\u2029"'],
    [[1, 'x', null], '[1,"x",null]'],
  ])('%j → %s, which JSON.parse reads back', (value, json) => {
    expect(jsonForScript(value)).toBe(json);
    expect(JSON.parse(jsonForScript(value))).toEqual(value);
  });
});

describe('pngDataUrl', () => {
  it('is a base64 data URL of the bytes, from a view into a larger buffer too', () => {
    const bytes = new Uint8Array([0, 137, 80, 78, 71, 255]).subarray(1, 5);
    expect(pngDataUrl(bytes)).toBe('data:image/png;base64,iVBORw==');
  });
});
