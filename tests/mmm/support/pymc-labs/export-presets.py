"""
Exports PyMC Labs' parameter-recovery presets (pymc-labs/mmm-param-recovery, the data of its
PyMC-Marketing vs Meridian comparison) to CSV with their ground truth, for the marketing-mix
benchmark (issue 24, requirement 1a). Their generator is not on PyPI: run this with the
repository on PYTHONPATH, in a venv pinned as docs/mmm-scorecard.md says:

  python tests/mmm/support/pymc-labs/export-presets.py /path/to/mmm-param-recovery [out-dir] [preset ...]

The seed is their benchmark's default, sum(map(ord, "mmm_multidimensional")) = 2148
(run_benchmark.py --seed), set on the preset config as benchmarking/data_loader.py does.
Per preset: <preset>.csv (date, geo, y, spend columns, control columns, then every channel's true
weekly contribution as truth_<channel>) and <preset>.truth.json (true ROAS per region and channel
as their calculate_roas_values reports it, and the transformation parameters).
"""
import json
import sys
from pathlib import Path

repo = Path(sys.argv[1]).resolve()
out = Path(sys.argv[2] if len(sys.argv) > 2 else Path(__file__).parent).resolve()
presets = sys.argv[3:] or ["basic", "seasonal", "small_business", "growing_business", "medium_business", "large_business"]
sys.path.insert(0, str(repo))

from mmm_param_recovery.data_generator import generate_mmm_dataset, get_preset_config  # noqa: E402

SEED = sum(map(ord, "mmm_multidimensional"))


def plain(value):
    """numpy scalars and arrays to JSON."""
    if isinstance(value, dict):
        return {str(k): plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [plain(v) for v in value]
    if hasattr(value, "tolist"):
        return value.tolist()
    return value


for name in presets:
    config = get_preset_config(name)
    config.seed = SEED
    result = generate_mmm_dataset(config)
    data = result["data"]
    truth = result["ground_truth"]
    spend = [c for c in data.columns if c.startswith("x")]
    controls = [c for c in data.columns if c.startswith("c") and not c.endswith("_effect")]
    contributions = truth["transformed_spend"].reset_index()
    table = data[["date", "geo", "y", *spend, *controls]].merge(contributions, on=["date", "geo"])
    table = table.rename(columns={f"contribution_{c}": f"truth_{c}" for c in spend})
    table["date"] = table["date"].dt.strftime("%Y-%m-%d")
    table.to_csv(out / f"{name}.csv", index=False, float_format="%.6g")
    (out / f"{name}.truth.json").write_text(
        json.dumps(
            {
                "preset": name,
                "seed": SEED,
                "channels": spend,
                "controls": controls,
                "roas": plain(truth["roas_values"]),
                "transformation_parameters": plain(truth["transformation_parameters"]),
            },
            indent=1,
        )
        + "\n"
    )
    print(name, table.shape, flush=True)
