/**
 * Draws Open Graph cards with CanvasKit (WebAssembly) as astro-og-canvas's `generateOpenGraphImage` draws
 * them: the same layout, drawing calls and encoder, so the same bytes for the same options (a test
 * compares them). What differs is the cost of many cards in one process: the 1200×630 surface is made once
 * and drawn over for every card, the font manager once per set of fonts, and every CanvasKit object a card
 * makes is freed after it. astro-og-canvas makes a surface per card and leaves its paints, shaders and
 * paragraphs to CanvasKit's heap, which then grows card after card, and with it the process's memory
 * (bench/og-cards.ts compares the two). Only the options site/og/card.ts uses are drawn: a logo or a
 * background image is refused.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { OGImageOptions } from 'astro-og-canvas';
import type { CanvasKit, FontMgr, Surface } from 'canvaskit-wasm';
import { decodeHTMLStrict } from 'entities';

/** The card's size in pixels (astro-og-canvas draws every card at this size). */
const WIDTH = 1200;
const HEIGHT = 630;

/** astro-og-canvas's defaults for what the options leave out. */
const DEFAULTS = {
  border: { color: [255, 255, 255] as [number, number, number], width: 0, side: 'inline-start' as const },
  title: { color: [255, 255, 255], size: 70, lineHeight: 1, weight: 'Normal', families: ['Noto Sans'] },
  description: { color: [255, 255, 255], size: 40, lineHeight: 1.3, weight: 'Normal', families: ['Noto Sans'] },
};

/** The four edges a border may be drawn on, as lines (x0, y0, x1, y1). */
const EDGES = {
  top: [0, 0, WIDTH, 0],
  bottom: [0, HEIGHT, WIDTH, HEIGHT],
  left: [0, 0, 0, HEIGHT],
  right: [WIDTH, 0, WIDTH, HEIGHT],
} as const;

type FontStyle = NonNullable<NonNullable<OGImageOptions['font']>['title']>;

/** This process's CanvasKit, its one surface and its font managers, made on the first card. */
interface Drawer {
  kit: CanvasKit;
  surface: Surface;
  /** Each font file's bytes, in the order first asked for (a manager holds every font loaded before it). */
  fonts: Map<string, ArrayBuffer>;
  manager?: FontMgr;
}

let drawer: Promise<Drawer> | undefined;

/** CanvasKit's full build (its paragraph layout), loaded as astro-og-canvas loads it. */
async function makeDrawer(): Promise<Drawer> {
  const require = createRequire(import.meta.url);
  const { default: init } = await import('canvaskit-wasm/full');
  const kit = await init({ locateFile: (file: string) => require.resolve(`canvaskit-wasm/bin/full/${file}`) });
  const surface = kit.MakeSurface(WIDTH, HEIGHT);
  if (!surface) throw new Error('CanvasKit could not make a 1200×630 surface');
  return { kit, surface, fonts: new Map() };
}

/**
 * The font manager for a card: astro-og-canvas's, which holds every font file loaded so far in this
 * process (in the order first asked for) and is made again only when a card names a new one.
 * @throws {Error} when a font file cannot be read
 */
async function fontManager(d: Drawer, files: readonly string[]): Promise<FontMgr> {
  let added = false;
  for (const file of files) {
    if (d.fonts.has(file)) continue;
    const bytes = await readFile(file);
    d.fonts.set(file, bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer);
    added = true;
  }
  if (added || !d.manager) {
    const manager = d.kit.FontMgr.FromData(...d.fonts.values());
    if (!manager) throw new Error(`CanvasKit could not read the fonts ${files.join(', ')}`);
    d.manager = manager;
  }
  return d.manager;
}

/**
 * One card as JPEG (or PNG, WEBP) bytes, as astro-og-canvas's `generateOpenGraphImage` gives them for the
 * same options (its cache aside).
 * @param options the card (site/og/card.ts `ogImageOptions`); font paths relative to the working directory
 * @throws {Error} when the options name a logo or a background image (not drawn here), a font file cannot
 *   be read, or CanvasKit fails to encode
 */
export async function drawCard(options: OGImageOptions): Promise<Buffer> {
  if (options.logo || options.bgImage) throw new Error('drawCard draws no logo and no background image');
  drawer ??= makeDrawer();
  const d = await drawer;
  const { kit, surface } = d;
  const {
    title,
    description = '',
    dir = 'ltr',
    bgGradient = [[0, 0, 0]],
    padding = 60,
    fonts = [],
    format = 'PNG',
    quality = 90,
  } = options;
  const manager = await fontManager(d, fonts);
  const border = { ...DEFAULTS.border, ...options.border };
  const font = {
    title: { ...DEFAULTS.title, ...options.font?.title },
    description: { ...DEFAULTS.description, ...options.font?.description },
  };
  const rtl = dir === 'rtl';
  const margin = { 'block-start': padding, 'block-end': padding, 'inline-start': padding, 'inline-end': padding };
  margin[border.side] += border.width;
  const textStyle = (style: Required<FontStyle>) => ({
    color: kit.Color(...(style.color as [number, number, number])),
    fontFamilies: style.families,
    fontSize: style.size,
    fontStyle: { weight: kit.FontWeight[style.weight] },
    heightMultiplier: style.lineHeight,
  });
  // Every CanvasKit object made for this card, freed once it is encoded.
  const made: { delete(): void }[] = [];
  const keep = <T extends { delete(): void }>(object: T): T => {
    made.push(object);
    return object;
  };
  try {
    const canvas = surface.getCanvas();
    const background = keep(new kit.Paint());
    background.setShader(
      keep(
        kit.Shader.MakeLinearGradient(
          [0, 0],
          [0, HEIGHT],
          bgGradient.map((rgb) => kit.Color(...(rgb as [number, number, number]))),
          null,
          kit.TileMode.Clamp,
        ),
      ),
    );
    canvas.drawRect(kit.XYWHRect(0, 0, WIDTH, HEIGHT), background);
    if (border.width) {
      const stroke = keep(new kit.Paint());
      stroke.setStyle(kit.PaintStyle.Stroke);
      stroke.setColor(kit.Color(...(border.color as [number, number, number])));
      stroke.setStrokeWidth(border.width * 2);
      const lines = {
        'block-start': EDGES.top,
        'block-end': EDGES.bottom,
        'inline-start': rtl ? EDGES.right : EDGES.left,
        'inline-end': rtl ? EDGES.left : EDGES.right,
      };
      const [x0, y0, x1, y1] = lines[border.side];
      canvas.drawLine(x0, y0, x1, y1, stroke);
    }
    const builder = keep(
      kit.ParagraphBuilder.Make(
        new kit.ParagraphStyle({
          textAlign: rtl ? kit.TextAlign.Right : kit.TextAlign.Left,
          textStyle: textStyle(font.title as Required<FontStyle>),
          textDirection: rtl ? kit.TextDirection.RTL : kit.TextDirection.LTR,
        }),
        manager,
      ),
    );
    builder.addText(decodeHTMLStrict(title));
    // astro-og-canvas's small empty line between the title and the description.
    builder.pushStyle(new kit.TextStyle({ fontSize: padding / 3, heightMultiplier: 1 }));
    builder.addText('\n\n');
    builder.pushStyle(new kit.TextStyle(textStyle(font.description as Required<FontStyle>)));
    builder.addText(decodeHTMLStrict(description));
    const paragraph = keep(builder.build());
    paragraph.layout(WIDTH - margin['inline-start'] - margin['inline-end'] - padding);
    const left = rtl ? WIDTH - margin['inline-start'] - paragraph.getMaxWidth() : margin['inline-start'];
    // At the top margin: astro-og-canvas moves the text down only below a logo.
    canvas.drawParagraph(paragraph, left, margin['block-start']);
    const image = keep(surface.makeImageSnapshot());
    const bytes = image.encodeToBytes(kit.ImageFormat[format], quality);
    if (!bytes) throw new Error(`CanvasKit could not encode the card "${title}" as ${format}`);
    return Buffer.from(bytes);
  } finally {
    for (const object of made.reverse()) object.delete();
  }
}
