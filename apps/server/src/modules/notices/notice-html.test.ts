// Proves the notice HTML allow-list: kept formatting, no script, no event handlers, no unsafe URLs.
import { describe, expect, it } from 'vitest';
import { sanitiseNoticeHtml } from './notice-html.ts';

describe('sanitiseNoticeHtml', () => {
  it('keeps allowed formatting and text', () => {
    expect(sanitiseNoticeHtml('<p>Hello <b>agents</b>, <em>read</em> this<br>now</p>')).toBe(
      '<p>Hello <b>agents</b>, <em>read</em> this<br>now</p>',
    );
    expect(sanitiseNoticeHtml('<ul><li>one</li><li>two</li></ul>')).toBe('<ul><li>one</li><li>two</li></ul>');
  });

  it('drops script and style elements with their content', () => {
    expect(sanitiseNoticeHtml('a<script>alert(1)</script>b')).toBe('ab');
    expect(sanitiseNoticeHtml('a<SCRIPT src=x>alert(1)</SCRIPT >b')).toBe('ab');
    expect(sanitiseNoticeHtml('a<style>*{display:none}</style>b')).toBe('ab');
    expect(sanitiseNoticeHtml('a<iframe src="https://evil"></iframe>b')).toBe('ab');
    expect(sanitiseNoticeHtml('a<svg><script>alert(1)</script></svg>b')).toBe('ab');
    expect(sanitiseNoticeHtml('x<script>never closed')).toBe('x');
  });

  it('removes event handlers, styles and unknown attributes', () => {
    expect(sanitiseNoticeHtml('<p onclick="alert(1)" style="x" class="y">t</p>')).toBe('<p>t</p>');
    expect(sanitiseNoticeHtml('<img src="https://cdn.example/a.png" onerror="alert(1)">')).toBe(
      '<img src="https://cdn.example/a.png">',
    );
    expect(sanitiseNoticeHtml('<b/onmouseover=alert(1)>x</b>')).toBe('<b>x</b>');
  });

  it('allows only http(s) and mailto links, opened safely', () => {
    expect(sanitiseNoticeHtml('<a href="https://payhub.example/x?a=1&amp;b=2">go</a>')).toBe(
      '<a href="https://payhub.example/x?a=1&#38;b=2" target="_blank" rel="noopener noreferrer">go</a>',
    );
    for (const href of [
      'javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      'java\tscript:alert(1)',
      '&#106;avascript:alert(1)',
      'jav&#x09;ascript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'vbscript:x',
      '//evil.example',
    ]) {
      expect(sanitiseNoticeHtml(`<a href="${href}">x</a>`)).toBe('x');
    }
    expect(sanitiseNoticeHtml('<img src="javascript:alert(1)">')).toBe('');
  });

  it('escapes stray markup and balances tags', () => {
    expect(sanitiseNoticeHtml('1 < 2 and 3 > 2')).toBe('1 &#60; 2 and 3 &#62; 2');
    expect(sanitiseNoticeHtml('<p><b>open')).toBe('<p><b>open</b></p>');
    expect(sanitiseNoticeHtml('</div>text</p>')).toBe('text');
    expect(sanitiseNoticeHtml('<p><b>x</p>y')).toBe('<p><b>x</b></p>y');
    expect(sanitiseNoticeHtml('<!-- <script>alert(1)</script> -->ok')).toBe('ok');
    expect(sanitiseNoticeHtml('<p title="a>b">x')).toBe('<p>x</p>');
    expect(sanitiseNoticeHtml('<img src="https://a/b.png" alt=\'"><script>\'>')).toBe(
      '<img src="https://a/b.png" alt="&#34;&#62;&#60;script&#62;">',
    );
  });

  it('keeps known character references and neutralises unknown ones', () => {
    expect(sanitiseNoticeHtml('Rp&nbsp;50.000 &amp; more')).toBe('Rp\u00a050.000 &#38; more');
    expect(sanitiseNoticeHtml('&lt;script&gt;')).toBe('&#60;script&#62;');
    expect(sanitiseNoticeHtml('&bogus; x')).toBe('&#38;bogus; x');
  });
});
