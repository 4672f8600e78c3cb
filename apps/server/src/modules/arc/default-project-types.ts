import {
  arcProjectKindLabels,
  arcProjectTypeInputSchema,
  type ArcProjectKind,
  type ArcProjectTypeInput,
} from '@commonwise/contracts';

/**
 * The project types an association starts from (issue 22 item 1): for each kind of project, the
 * questions and files reviewers commonly ask for (TownSq's and Providence Manor's forms: type,
 * location, materials, colours, dimensions, swatches, drawings, survey, contractor quote; HOA-DOMAIN
 * §3.1). They carry no guideline checks and no review window: a person links each check to one of the
 * association's own confirmed rules, and sets the window with the clause it comes from. No number here
 * stands for any association's documents; the fee is 0 until a person sets it.
 */

type Field = ArcProjectTypeInput['fields'][number];
type File = ArcProjectTypeInput['files'][number];

const number = (key: string, label: string, unit: Field['unit'], help: string | null = null): Field => ({
  key,
  label,
  kind: 'number',
  unit,
  required: true,
  help,
});
const text = (key: string, label: string, help: string | null = null, required = true): Field => ({
  key,
  label,
  kind: 'text',
  required,
  help,
});
const choice = (key: string, label: string, options: string[], help: string | null = null): Field => ({
  key,
  label,
  kind: 'choice',
  options,
  required: true,
  help,
});
const file = (key: string, label: string, help: string): File => ({ key, label, help });

const contractorQuote = file(
  'contractor_quote',
  'Contractor quote',
  'The quote or specification from whoever does the work, showing sizes and materials.',
);
const sitePlan = file(
  'site_plan',
  'Site plan',
  'A drawing of your lot showing where the work goes, with its size and distance from the property lines.',
);

const definitions: Record<ArcProjectKind, { description: string; fields: Field[]; files: File[] }> = {
  fence: {
    description: 'A new fence or wall, or a change to one (height, material, colour or where it runs).',
    fields: [
      number('height', 'Height', 'in', 'Measured from the ground on the higher side.'),
      number('length', 'Length', 'ft'),
      choice('material', 'Material', ['Wood', 'Vinyl', 'Wrought iron', 'Aluminum', 'Masonry', 'Other']),
      text('colour', 'Colour or stain', 'The colour name and code, or the stain.'),
      text('location', 'Location', 'Where on the lot it runs: rear yard, side yard, along a street…'),
    ],
    files: [
      file(
        'site_drawing',
        'Site drawing',
        'Where the fence runs on your lot, with its length and the distance from the property lines.',
      ),
      contractorQuote,
    ],
  },
  paint: {
    description: 'Painting or staining an outside surface in a new colour.',
    fields: [
      text('surfaces', 'Surfaces', 'What is painted: body, trim, front door, garage door…'),
      text('colour_name', 'Colour name'),
      text('colour_code', 'Manufacturer and colour code', 'For example “Sherwin-Williams SW 7006”.'),
    ],
    files: [
      file('colour_sample', 'Colour sample', 'A swatch or chip of each colour, or the manufacturer’s page.'),
      file('house_photo', 'Photo of the house', 'The house as it is today, showing the surfaces to paint.'),
    ],
  },
  roof: {
    description: 'Replacing a roof, or changing its material or colour.',
    fields: [
      choice('material', 'Material', ['Asphalt shingle', 'Concrete tile', 'Clay tile', 'Metal', 'Other']),
      text('colour', 'Colour'),
      text('product', 'Manufacturer and product line', null, false),
    ],
    files: [
      file('product_sheet', 'Product sheet or sample', 'The manufacturer’s sheet or a photo of a sample.'),
      contractorQuote,
    ],
  },
  solar: {
    description: 'Solar panels on the roof or on the ground.',
    fields: [
      number('system_size', 'System size', 'kw'),
      number('panel_count', 'Number of panels', null),
      choice('mounting', 'Mounting', ['Roof', 'Ground']),
      text('placement', 'Placement', 'Which roof faces or part of the lot the panels cover.'),
    ],
    files: [
      file('layout', 'Panel layout', 'A roof or site plan showing where the panels and the conduit go.'),
      file('spec_sheet', 'Panel specification sheet', 'The panels’ and mounting’s product sheets.'),
    ],
  },
  addition: {
    description: 'A room addition, patio cover, shed or other structure.',
    fields: [
      text('structure', 'What is built', 'A room, a patio cover, a shed…'),
      number('floor_area', 'Floor area', 'sq_ft'),
      number('height', 'Height', 'ft', 'At its highest point, from the ground.'),
      number('setback', 'Distance to the nearest property line', 'ft'),
      text('materials', 'Materials and colours'),
    ],
    files: [
      sitePlan,
      file('elevations', 'Elevation drawings', 'Drawings of each side, with heights and materials.'),
    ],
  },
  landscaping: {
    description: 'Trees, hardscape or other changes to the landscaping that need approval.',
    fields: [
      text('scope', 'What changes', 'Planting, removal, paving, walls, irrigation…'),
      text('trees', 'Trees planted or removed', 'Each tree’s species and its height when grown.', false),
    ],
    files: [file('landscape_plan', 'Landscape plan', 'A sketch of the area showing what goes where.')],
  },
  other: {
    description: 'Any other change to the outside of a home or lot.',
    fields: [
      text('work', 'What you want to do'),
      text('materials', 'Materials and colours', null, false),
      text('dimensions', 'Sizes', null, false),
    ],
    files: [file('drawing', 'Drawing or photo', 'A drawing, a photo or a product page of what is planned.')],
  },
};

/** The default project types, as the input a person would give (no checks, no window, no fee). */
export function defaultProjectTypes() {
  return (Object.keys(definitions) as ArcProjectKind[]).map((kind) =>
    arcProjectTypeInputSchema.parse({
      kind,
      name: arcProjectKindLabels[kind],
      ...definitions[kind],
      checks: [],
      feeCents: 0,
      reviewDays: null,
    } satisfies ArcProjectTypeInput),
  );
}
