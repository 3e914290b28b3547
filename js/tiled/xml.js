// A small XML reader for TMX/TSX. Tiled's XML is plain: elements, attributes, text, comments,
// CDATA, an XML declaration and, in older files, a DOCTYPE line naming Tiled's DTD. Node and
// WeChat have no DOMParser, so this is needed everywhere. It never recurses (a hostile file can
// nest elements as deep as it likes and only meets the depth limit below), and every name it
// stores is a plain key: attributes live in null-prototype objects.

/** Deeper than any map Tiled writes (map > group > ... > layer > data > chunk), far below a stack limit. */
export const MAX_XML_DEPTH = 200;

const XML_ENTITIES = new Map([
  ['amp', '&'],
  ['lt', '<'],
  ['gt', '>'],
  ['quot', '"'],
  ['apos', "'"],
]);

const lineAt = (source, index) => {
  let line = 1;
  for (let i = source.indexOf('\n'); i !== -1 && i < index; i = source.indexOf('\n', i + 1)) line++;
  return line;
};

function codePoint(whole, name) {
  const digits = name[1] === 'x' ? name.slice(2) : name.slice(1);
  const code = parseInt(digits, name[1] === 'x' ? 16 : 10);
  // XML allows every Unicode scalar value except NUL; surrogates are not characters.
  if (!(code >= 1 && code <= 0x10ffff) || (code >= 0xd800 && code <= 0xdfff)) {
    throw new RangeError(`TMX: character reference ${whole} is not a valid Unicode code point`);
  }
  return String.fromCodePoint(code);
}

function decodeXmlText(text) {
  if (!text.includes('&')) return text;
  return text.replace(/&(#x[0-9a-fA-F]+|#[0-9]+|[a-zA-Z_][\w.-]*)?;?/g, (whole, name) => {
    if (name === undefined || !whole.endsWith(';')) {
      throw new TypeError(`TMX: a bare & (${JSON.stringify(whole)}): write &amp;`);
    }
    if (name[0] === '#') return codePoint(whole, name);
    const value = XML_ENTITIES.get(name);
    if (value === undefined) throw new TypeError(`TMX: unknown XML entity ${whole}`);
    return value;
  });
}

/** Skips `<!DOCTYPE map SYSTEM "...">`; one with an internal subset could declare entities: refused. */
function skipDoctype(source, lt) {
  const end = source.indexOf('>', lt);
  if (end === -1) throw new TypeError('TMX: unterminated <!DOCTYPE');
  if (source.slice(lt, end).includes('[')) {
    throw new TypeError(
      'TMX: a DOCTYPE with an internal subset ([...]) is not supported (it can declare entities)',
    );
  }
  return end + 1;
}

/**
 * Parses XML text into { name, attributes, children, text } elements under a '#document' root.
 */
export function parseXml(source) {
  const root = { name: '#document', attributes: Object.create(null), children: [], text: '' };
  const stack = [root];
  const tag = /<(\/?)([A-Za-z_][\w.:-]*)((?:\s+[\w.:-]+\s*=\s*(?:"[^"]*"|'[^']*'))*)\s*(\/?)>/y;
  const attribute = /([\w.:-]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g;
  let seenRoot = false;
  let i = 0;
  while (i < source.length) {
    const lt = source.indexOf('<', i);
    const textEnd = lt === -1 ? source.length : lt;
    if (textEnd > i) stack[stack.length - 1].text += decodeXmlText(source.slice(i, textEnd));
    if (lt === -1) break;
    if (source.startsWith('<!--', lt)) {
      const end = source.indexOf('-->', lt + 4);
      if (end === -1) throw new TypeError('TMX: unterminated comment');
      i = end + 3;
      continue;
    }
    if (source.startsWith('<?', lt)) {
      const end = source.indexOf('?>', lt + 2);
      if (end === -1) throw new TypeError('TMX: unterminated <? ... ?>');
      i = end + 2;
      continue;
    }
    if (source.startsWith('<![CDATA[', lt)) {
      const end = source.indexOf(']]>', lt + 9);
      if (end === -1) throw new TypeError('TMX: unterminated CDATA section');
      stack[stack.length - 1].text += source.slice(lt + 9, end);
      i = end + 3;
      continue;
    }
    if (source.startsWith('<!DOCTYPE', lt) && !seenRoot) {
      i = skipDoctype(source, lt);
      continue;
    }
    if (source.startsWith('<!', lt)) {
      throw new TypeError(
        `TMX: declaration at line ${lineAt(source, lt)} is not supported: ${source.slice(lt, lt + 40)}`,
      );
    }
    tag.lastIndex = lt;
    const m = tag.exec(source);
    if (!m) {
      throw new TypeError(
        `TMX: malformed tag at line ${lineAt(source, lt)}: ${source.slice(lt, lt + 40)}`,
      );
    }
    const [, closing, name, attrText, selfClosing] = m;
    if (closing) {
      const open = stack.pop();
      if (open.name !== name || stack.length === 0) {
        throw new TypeError(`TMX: </${name}> does not close <${open.name}>`);
      }
    } else {
      const element = { name, attributes: Object.create(null), children: [], text: '' };
      for (const a of attrText.matchAll(attribute)) {
        element.attributes[a[1]] = decodeXmlText(a[2] ?? a[3]);
      }
      stack[stack.length - 1].children.push(element);
      seenRoot = true;
      if (!selfClosing) {
        if (stack.length > MAX_XML_DEPTH) {
          throw new RangeError(
            `TMX: elements nested more than ${MAX_XML_DEPTH} deep at line ${lineAt(source, lt)}`,
          );
        }
        stack.push(element);
      }
    }
    i = lt + m[0].length;
  }
  if (stack.length !== 1) {
    throw new TypeError(`TMX: the file ends inside <${stack[stack.length - 1].name}> (truncated?)`);
  }
  return root;
}
