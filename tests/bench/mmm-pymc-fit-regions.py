"""Fits PyMC-Marketing's multidimensional MMM on all regions of a dataset at once, for tests/bench/mmm-vs-pymc.ts.

Reads JSON on stdin ({regions: [{name, dates, kpi, channels: [{name, spend}], controls: [{name, values}]}], sampler})
and writes one JSON object on stdout: per region, per channel the posterior ROAS (median and the central 90 %) and
the posterior mean weekly contribution, with the fit's CPU and wall seconds and the sampler's diagnostics.

The model is the one PyMC Labs fit in their own parameter-recovery benchmark (pymc-labs/mmm-param-recovery,
mmm_param_recovery/benchmarking/model_builder.py, build_pymc_model): pymc_marketing.mmm.multidimensional.MMM with
dims ("geo",), max scaling over all regions, GeometricAdstock(l_max=8) with alpha ~ Beta(1, 3), HillSaturationSigmoid
with beta and lam ~ HalfNormal(1.5) by channel and, with several regions, a hierarchical log-normal sigma (the
effect at saturation) by channel and region (their LogNormalPrior is newer than 0.14.1: written in log space here,
see saturation()), yearly seasonality with 2 Fourier modes, no trend (as theirs). So the regions share each
channel's carry-over and saturation shape and partially pool its effect, as Adsmith's fitPooled does. Chains run one after the other on one core (cores=1).
"""

import json
import resource
import sys
import time

import arviz as az
import numpy as np
import pandas as pd
from pymc_marketing.mmm import GeometricAdstock, HillSaturationSigmoid
from pymc_marketing.mmm.multidimensional import MMM
from pymc_marketing.prior import Prior


def cpu_seconds() -> float:
    own = resource.getrusage(resource.RUSAGE_SELF)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def saturation(n_geos: int) -> HillSaturationSigmoid:
    # PyMC Labs' LogNormalPrior (pymc_marketing.special_priors, newer than 0.14.1) set by its mean and std; here the
    # same log-normal in log space: mean 0.25, std 0.25 (one region), or a hierarchy by channel over regions whose
    # mean ~ Gamma(0.25, 0.10) and std ~ Exponential(0.10) become a log-mean ~ Normal(ln 0.25 - 0.07, 0.4) and a
    # log-sd ~ Exponential(scale 0.4), non-centred as theirs.
    if n_geos == 1:
        mu, sd = float(np.log(0.25) - np.log(2) / 2), float(np.sqrt(np.log(2)))
        sigma = Prior("LogNormal", mu=mu, sigma=sd, dims=("channel",))
    else:
        sigma = Prior(
            "Normal",
            mu=Prior("Normal", mu=float(np.log(0.25) - 0.07), sigma=0.4, dims=("channel",)),
            sigma=Prior("Exponential", lam=2.5, dims=("channel",)),
            dims=("channel", "geo"),
            centered=False,
            transform="exp",
        )
    return HillSaturationSigmoid(
        priors={
            "sigma": sigma,
            "beta": Prior("HalfNormal", sigma=1.5, dims=("channel",)),
            "lam": Prior("HalfNormal", sigma=1.5, dims=("channel",)),
        }
    )


def main() -> None:
    payload = json.load(sys.stdin)
    sampler = payload["sampler"]
    regions = payload["regions"]
    channels = [c["name"] for c in regions[0]["channels"]]
    controls = [c["name"] for c in regions[0]["controls"]]
    frames = []
    for region in regions:
        frame = pd.DataFrame({"date": pd.to_datetime(region["dates"]), "geo": region["name"]})
        for c in region["channels"]:
            frame[c["name"]] = np.asarray(c["spend"], dtype=float)
        for c in region["controls"]:
            frame[c["name"]] = np.asarray(c["values"], dtype=float)
        frame["y"] = np.asarray(region["kpi"], dtype=float)
        frames.append(frame)
    data = pd.concat(frames, ignore_index=True)

    mmm = MMM(
        date_column="date",
        target_column="y",
        channel_columns=channels,
        control_columns=controls or None,
        dims=("geo",),
        scaling={"channel": {"method": "max", "dims": ()}, "target": {"method": "max", "dims": ()}},
        saturation=saturation(len(regions)),
        adstock=GeometricAdstock(l_max=8, priors={"alpha": Prior("Beta", alpha=1, beta=3, dims=("channel",))}),
        yearly_seasonality=2,
    )
    x = data.drop(columns=["y"])
    y = data["y"]
    mmm.build_model(X=x, y=y)
    mmm.add_original_scale_contribution_variable(var=["channel_contribution"])
    started_cpu, started_wall = cpu_seconds(), time.perf_counter()
    mmm.fit(
        X=x,
        y=y,
        chains=sampler["chains"],
        cores=1,
        tune=sampler["tune"],
        draws=sampler["draws"],
        target_accept=sampler["targetAccept"],
        random_seed=sampler["seed"],
        progressbar=False,
    )
    cpu, wall = cpu_seconds() - started_cpu, time.perf_counter() - started_wall

    contribution = mmm.idata.posterior["channel_contribution_original_scale"]
    out_regions = []
    for region in regions:
        # (chain, draw, date, channel) in the KPI's own units, this region's dates.
        mine = contribution.sel(geo=region["name"]).transpose("chain", "draw", "date", "channel")
        n = mine.sizes["date"]
        draws = mine.values.reshape(-1, n, len(channels))
        results = []
        for k, name in enumerate(channels):
            spend = float(np.sum(next(c for c in region["channels"] if c["name"] == name)["spend"]))
            roas = draws[:, :, k].sum(axis=1) / spend if spend > 0 else np.full(draws.shape[0], np.nan)
            results.append(
                {
                    "name": name,
                    "roas": float(np.median(roas)),
                    "low": float(np.quantile(roas, 0.05)),
                    "high": float(np.quantile(roas, 0.95)),
                    "contribution": draws[:, :, k].mean(axis=0).tolist(),
                }
            )
        out_regions.append({"name": region["name"], "channels": results})
    stats = mmm.idata.sample_stats
    divergences = int(stats["diverging"].sum())
    at_max_depth = float(stats["reached_max_treedepth"].mean()) if "reached_max_treedepth" in stats else 0.0
    rhat = az.rhat(mmm.idata.posterior)
    max_rhat = max(float(rhat[v].max()) for v in rhat.data_vars)
    json.dump(
        {
            "regions": out_regions,
            "cpuSeconds": cpu,
            "wallSeconds": wall,
            "divergences": divergences,
            "maxRhat": max_rhat,
            "atMaxTreeDepth": at_max_depth,
        },
        sys.stdout,
    )


if __name__ == "__main__":
    main()
