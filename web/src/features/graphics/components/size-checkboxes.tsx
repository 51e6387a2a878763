import { type PlacementSizeId, placementSizeIds } from '@shared/graphics/placement-sizes';

interface SizeCheckboxesProps {
  legend: string;
  sizes: PlacementSizeId[];
  onChange: (sizes: PlacementSizeId[]) => void;
  /** The checkbox's accessible label for one size. */
  labelOf: (sizeId: PlacementSizeId) => string;
}

/** Which placement sizes to act on, one checkbox each; the chosen ones stay in the table's order. */
export function SizeCheckboxes({ legend, sizes, onChange, labelOf }: SizeCheckboxesProps) {
  return (
    <fieldset className="flex flex-wrap gap-x-4 gap-y-2">
      <legend className="mb-1 text-sm font-medium">{legend}</legend>
      {placementSizeIds.map((sizeId) => (
        <label key={sizeId} className="flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            className="size-4"
            checked={sizes.includes(sizeId)}
            onChange={(e) =>
              onChange(
                e.target.checked
                  ? placementSizeIds.filter((id) => id === sizeId || sizes.includes(id))
                  : sizes.filter((id) => id !== sizeId),
              )
            }
          />
          {labelOf(sizeId)}
        </label>
      ))}
    </fieldset>
  );
}
