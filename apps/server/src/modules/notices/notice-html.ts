/**
 * Sanitises notice HTML on the way in with a strict allow-list (no HTML sanitiser library is
 * installed in this project). Tags off the list are dropped but their text is kept; the content
 * of script-like elements is dropped with them; only listed attributes survive, URLs only with
 * http(s) (and mailto for links); every text and attribute value is re-escaped, and the output
 * is balanced. What the browser parses is exactly what was checked.
 */

const ALLOWED_TAGS = new Set([
  'p',
  'br',
  'hr',
  'b',
  'strong',
  'i',
  'em',
  'u',
  's',
  'small',
  'span',
  'div',
  'ul',
  'ol',
  'li',
  'h1',
  'h2',
  'h3',
  'h4',
  'blockquote',
  'a',
  'img',
]);
const VOID_TAGS = new Set(['br', 'hr', 'img']);
/** Elements dropped together with everything inside them. */
const DROP_WITH_CONTENT = new Set([
  'script',
  'style',
  'iframe',
  'object',
  'embed',
  'template',
  'noscript',
  'textarea',
  'title',
  'xmp',
  'noembed',
  'noframes',
  'plaintext',
  'svg',
  'math',
  'select',
  'frameset',
  'head',
]);
const ALLOWED_ATTRIBUTES: Record<string, readonly string[]> = {
  a: ['href'],
  img: ['src', 'alt', 'width', 'height'],
};
const MAX_NESTING = 32;

const NAMED_ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
  colon: ':',
  tab: '\t',
  newline: '\n',
};

function escapeText(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

/** Decodes character references; `null` when one is unknown (the value is then refused). */
function decodeEntities(value: string): string | null {
  let unknown = false;
  const decoded = value.replace(
    /&(#x[0-9a-f]{1,6}|#[0-9]{1,7}|[a-z][a-z0-9]{1,31});?/gi,
    (match, body: string) => {
      if (body.startsWith('#')) {
        const code =
          body[1] === 'x' || body[1] === 'X' ? Number.parseInt(body.slice(2), 16) : Number(body.slice(1));
        if (!Number.isFinite(code) || code <= 0 || code > 0x10ffff) {
          unknown = true;
          return '';
        }
        return String.fromCodePoint(code);
      }
      const named = NAMED_ENTITIES[body.toLowerCase()];
      if (named === undefined) {
        unknown = true;
        return match;
      }
      return named;
    },
  );
  return unknown ? null : decoded;
}

/** Text between tags: keeps known character references, escapes everything else. */
function sanitiseText(text: string): string {
  const decoded = decodeEntities(text);
  return escapeText(decoded ?? text);
}

function safeUrl(value: string, schemes: readonly string[]): string | null {
  // Browsers ignore whitespace and control characters inside a scheme ("java\tscript:").
  const compact = [...value]
    .filter((character) => {
      const code = character.charCodeAt(0);
      return code > 0x20 && (code < 0x7f || code > 0x9f);
    })
    .join('')
    .toLowerCase();
  return schemes.some((scheme) => compact.startsWith(scheme)) ? value.trim() : null;
}

function attributeValue(tag: string, name: string, raw: string): string | null {
  const value = decodeEntities(raw);
  if (value === null) return null;
  if (name === 'href') return safeUrl(value, ['https://', 'http://', 'mailto:']);
  if (name === 'src') return safeUrl(value, ['https://', 'http://']);
  if (name === 'width' || name === 'height') return /^\d{1,4}$/.test(value.trim()) ? value.trim() : null;
  if (tag === 'img' && name === 'alt') return value.slice(0, 300);
  return null;
}

interface Tag {
  name: string;
  closing: boolean;
  attributes: Array<[string, string]>;
  end: number;
}

/** Reads a tag starting at `<` (index `start`); `null` when the text there is not a tag. */
function readTag(html: string, start: number): Tag | null | 'unterminated' {
  const match = /^<(\/?)([a-zA-Z][a-zA-Z0-9-]*)/.exec(html.slice(start, start + 64));
  if (!match) return null;
  const closing = match[1] === '/';
  const name = match[2]!.toLowerCase();
  let index = start + match[0].length;
  const attributes: Array<[string, string]> = [];
  for (;;) {
    while (index < html.length && /[\s/]/.test(html[index]!)) index++;
    if (index >= html.length) return 'unterminated';
    if (html[index] === '>') return { name, closing, attributes, end: index + 1 };
    const nameMatch = /^[^\s"'>/=]+/.exec(html.slice(index, index + 128));
    if (!nameMatch) {
      index++;
      continue;
    }
    const attributeName = nameMatch[0].toLowerCase();
    index += nameMatch[0].length;
    while (index < html.length && /\s/.test(html[index]!)) index++;
    let value = '';
    if (html[index] === '=') {
      index++;
      while (index < html.length && /\s/.test(html[index]!)) index++;
      const quote = html[index];
      if (quote === '"' || quote === "'") {
        const close = html.indexOf(quote, index + 1);
        if (close < 0) return 'unterminated';
        value = html.slice(index + 1, close);
        index = close + 1;
      } else {
        const unquoted = /^[^\s>]*/.exec(html.slice(index))![0];
        value = unquoted;
        index += unquoted.length;
      }
    }
    attributes.push([attributeName, value]);
  }
}

export function sanitiseNoticeHtml(html: string): string {
  const out: string[] = [];
  const open: string[] = [];
  let index = 0;
  let textStart = 0;
  const flushText = (until: number) => {
    if (until > textStart) out.push(sanitiseText(html.slice(textStart, until)));
  };
  while (index < html.length) {
    const lt = html.indexOf('<', index);
    if (lt < 0) break;
    if (html.startsWith('<!--', lt)) {
      flushText(lt);
      const close = html.indexOf('-->', lt + 4);
      index = textStart = close < 0 ? html.length : close + 3;
      continue;
    }
    if (html[lt + 1] === '!' || html[lt + 1] === '?') {
      flushText(lt);
      const close = html.indexOf('>', lt);
      index = textStart = close < 0 ? html.length : close + 1;
      continue;
    }
    const tag = readTag(html, lt);
    if (tag === null) {
      index = lt + 1; // a lone "<": stays text and is escaped
      continue;
    }
    flushText(lt);
    if (tag === 'unterminated') {
      index = textStart = html.length;
      break;
    }
    index = textStart = tag.end;
    if (!tag.closing && DROP_WITH_CONTENT.has(tag.name)) {
      const closer = new RegExp(`</${tag.name}[^>]*>`, 'i').exec(html.slice(tag.end));
      index = textStart = closer ? tag.end + closer.index + closer[0].length : html.length;
      continue;
    }
    if (!ALLOWED_TAGS.has(tag.name)) continue;
    if (tag.closing) {
      const at = open.lastIndexOf(tag.name);
      if (at < 0) continue;
      while (open.length > at) out.push(`</${open.pop()}>`);
      continue;
    }
    if (open.length >= MAX_NESTING) continue;
    const allowed = ALLOWED_ATTRIBUTES[tag.name] ?? [];
    const kept: string[] = [];
    const seen = new Set<string>();
    for (const [name, raw] of tag.attributes) {
      if (!allowed.includes(name) || seen.has(name)) continue;
      const value = attributeValue(tag.name, name, raw);
      if (value === null) continue;
      seen.add(name);
      kept.push(` ${name}="${escapeText(value)}"`);
    }
    if (tag.name === 'a') {
      if (!seen.has('href')) continue;
      kept.push(' target="_blank" rel="noopener noreferrer"');
    }
    if (tag.name === 'img' && !seen.has('src')) continue;
    out.push(`<${tag.name}${kept.join('')}>`);
    if (!VOID_TAGS.has(tag.name)) open.push(tag.name);
  }
  flushText(html.length);
  while (open.length > 0) out.push(`</${open.pop()}>`);
  return out.join('').trim();
}
