import { type Design } from '@shared/graphics/design-schema';
import { type FontId, fontIds, fonts } from '@shared/graphics/font-catalogue';
import { FormField } from '@web/components/ui/form-field';
import { NativeSelect } from '@web/components/ui/select-field';

type CtaStyle = Design['ctaStyle'];

interface SelectProps<Value> {
  label: string;
  value: Value;
  onChange: (value: Value) => void;
}

/** A font from the catalogue (the design's and the brand kit's heading and body fonts). */
export function FontSelect({ label, value, onChange }: SelectProps<FontId>) {
  return (
    <FormField label={label}>
      {(control) => (
        <NativeSelect {...control} value={value} onChange={(e) => onChange(e.target.value as FontId)}>
          {fontIds.map((id) => (
            <option key={id} value={id}>
              {fonts[id].label}
            </option>
          ))}
        </NativeSelect>
      )}
    </FormField>
  );
}

/** The call-to-action button's shape. */
export function ButtonShapeSelect({ label, value, onChange }: SelectProps<CtaStyle['shape']>) {
  return (
    <FormField label={label}>
      {(control) => (
        <NativeSelect {...control} value={value} onChange={(e) => onChange(e.target.value as CtaStyle['shape'])}>
          <option value="pill">Pill</option>
          <option value="rounded">Rounded</option>
          <option value="square">Square</option>
        </NativeSelect>
      )}
    </FormField>
  );
}

/** The call-to-action button's fill. */
export function ButtonFillSelect({ label, value, onChange }: SelectProps<CtaStyle['fill']>) {
  return (
    <FormField label={label}>
      {(control) => (
        <NativeSelect {...control} value={value} onChange={(e) => onChange(e.target.value as CtaStyle['fill'])}>
          <option value="solid">Solid</option>
          <option value="outline">Outline</option>
        </NativeSelect>
      )}
    </FormField>
  );
}
