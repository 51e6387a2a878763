import {
  type Design,
  type DesignColours,
  type DesignTexts,
  MAX_FEATURES,
  textLimits,
} from '@shared/graphics/design-schema';
import { templates } from '@shared/graphics/templates/template-registry';
import { FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { NativeSelect } from '@web/components/ui/select-field';
import { textExamples } from '../lib/editor-design';
import { ButtonFillSelect, ButtonShapeSelect, FontSelect } from './style-selects';

const textLabels: Record<Exclude<keyof DesignTexts, 'features'>, string> = {
  headline: 'Headline',
  body: 'Body text',
  cta: 'Call to action',
  badge: 'Offer badge',
  quote: 'Quote',
  attribution: 'Quoted person',
  eventDate: 'Date',
  eventPlace: 'Place',
  caption: 'Caption',
};

const colourLabels: Record<keyof DesignColours, string> = {
  background: 'Background colour',
  text: 'Text colour',
  accent: 'Accent colour',
  onAccent: 'Text on accent colour',
};

function TextField({
  field,
  design,
  onChange,
}: {
  field: keyof typeof textLabels;
  design: Design;
  onChange: (texts: Partial<DesignTexts>) => void;
}) {
  const max = textLimits[field];
  const value = design.texts[field];
  const long = field === 'body' || field === 'quote';
  return (
    <FormField label={textLabels[field]} description={`${value.length} / ${max}`}>
      {(control) =>
        long ? (
          <textarea
            {...control}
            rows={3}
            maxLength={max}
            value={value}
            placeholder={textExamples[field]}
            onChange={(e) => onChange({ [field]: e.target.value })}
            className="w-full rounded-md border border-input bg-card px-3 py-2 text-sm shadow-xs focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
          />
        ) : (
          <Input
            {...control}
            maxLength={max}
            value={value}
            placeholder={textExamples[field]}
            onChange={(e) => onChange({ [field]: e.target.value })}
          />
        )
      }
    </FormField>
  );
}

/** Texts, colours, fonts, CTA style and alignment of a design; each control edits one field (images: ImageLibrary). */
export function DesignControls({ design, onChange }: { design: Design; onChange: (next: Design) => void }) {
  const template = templates[design.templateId];
  const setTexts = (texts: Partial<DesignTexts>) => onChange({ ...design, texts: { ...design.texts, ...texts } });
  const setColour = (key: keyof DesignColours, value: string) =>
    onChange({ ...design, colours: { ...design.colours, [key]: value.toLowerCase() } });

  return (
    <div className="grid gap-6">
      <fieldset className="grid gap-3">
        <legend className="mb-1 text-sm font-semibold">Texts</legend>
        {template.texts.map((field) =>
          field === 'features' ? (
            <fieldset key="features" className="grid gap-2">
              <legend className="text-sm font-medium">Features (up to {MAX_FEATURES})</legend>
              {Array.from({ length: MAX_FEATURES }, (_, i) => (
                <Input
                  key={i}
                  aria-label={`Feature ${i + 1}`}
                  maxLength={textLimits.feature}
                  value={design.texts.features[i] ?? ''}
                  onChange={(e) => {
                    const features = Array.from({ length: MAX_FEATURES }, (_, j) =>
                      j === i ? e.target.value : (design.texts.features[j] ?? ''),
                    );
                    // Trailing empty rows are not stored; a gap in the middle is kept so typing never jumps.
                    while (features.length > 0 && features.at(-1) === '') features.pop();
                    setTexts({ features });
                  }}
                />
              ))}
            </fieldset>
          ) : (
            <TextField key={field} field={field} design={design} onChange={setTexts} />
          ),
        )}
      </fieldset>

      <fieldset className="grid gap-3">
        <legend className="mb-1 text-sm font-semibold">Colours</legend>
        <div className="flex flex-wrap gap-2" role="group" aria-label="Brand palette">
          {design.palette.map((colour) => (
            <span
              key={colour}
              title={colour}
              className="size-6 rounded-full border"
              style={{ backgroundColor: colour }}
            />
          ))}
        </div>
        <div className="grid grid-cols-2 gap-3">
          {(Object.keys(colourLabels) as (keyof DesignColours)[]).map((key) => (
            <FormField key={key} label={colourLabels[key]}>
              {(control) => (
                <div className="flex items-center gap-2">
                  <input
                    {...control}
                    type="color"
                    value={design.colours[key]}
                    onChange={(e) => setColour(key, e.target.value)}
                    className="h-10 w-12 cursor-pointer rounded-md border border-input bg-card p-1"
                  />
                  <span className="font-mono text-xs text-muted-foreground">{design.colours[key]}</span>
                </div>
              )}
            </FormField>
          ))}
        </div>
      </fieldset>

      <TypeAndLayoutFields design={design} onChange={onChange} />
    </div>
  );
}

/** Fonts, the call-to-action button's style and the text alignment. */
function TypeAndLayoutFields({ design, onChange }: { design: Design; onChange: (next: Design) => void }) {
  const setCtaStyle = (ctaStyle: Partial<Design['ctaStyle']>) =>
    onChange({ ...design, ctaStyle: { ...design.ctaStyle, ...ctaStyle } });
  return (
    <fieldset className="grid grid-cols-2 gap-3">
      <legend className="mb-1 text-sm font-semibold">Type and layout</legend>
      <FontSelect
        label="Heading font"
        value={design.fonts.heading}
        onChange={(heading) => onChange({ ...design, fonts: { ...design.fonts, heading } })}
      />
      <FontSelect
        label="Body font"
        value={design.fonts.body}
        onChange={(body) => onChange({ ...design, fonts: { ...design.fonts, body } })}
      />
      <ButtonShapeSelect
        label="Button shape"
        value={design.ctaStyle.shape}
        onChange={(shape) => setCtaStyle({ shape })}
      />
      <ButtonFillSelect label="Button fill" value={design.ctaStyle.fill} onChange={(fill) => setCtaStyle({ fill })} />
      <FormField label="Text alignment">
        {(control) => (
          <NativeSelect
            {...control}
            value={design.align}
            onChange={(e) => onChange({ ...design, align: e.target.value as Design['align'] })}
          >
            <option value="center">Centred</option>
            <option value="left">Left</option>
          </NativeSelect>
        )}
      </FormField>
    </fieldset>
  );
}
