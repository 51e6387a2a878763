"""Fits PyMC-Marketing's MMM on one dataset for tests/bench/mmm-vs-pymc.ts (issue 24, requirement 3).

Reads a JSON dataset on stdin ({dates, kpi, channels: [{name, spend}], controls: [{name, values}], sampler}) and writes
one JSON object on stdout: per channel the posterior ROAS (median and the central 90 %) and the posterior mean weekly
contribution, with the fit's CPU and wall seconds and the sampler's diagnostics.

The model is PyMC-Marketing's documented MMM with its default priors: GeometricAdstock(l_max=8) +
LogisticSaturation, yearly seasonality with 2 Fourier modes, the dataset's controls plus a linear trend column
(the Adsmith model has a trend of its own; without one PyMC-Marketing's 0.14 MMM has none). Chains run one after the
other on one core (cores=1), as the Adsmith fit runs on one thread, so both CPU times are for the same work.
https://www.pymc-marketing.io/en/0.14.1/api/generated/pymc_marketing.mmm.mmm.MMM.html
"""

import json
import resource
import sys
import time

import arviz as az
import numpy as np
import pandas as pd
from pymc_marketing.mmm import MMM, GeometricAdstock, LogisticSaturation


def cpu_seconds() -> float:
    own = resource.getrusage(resource.RUSAGE_SELF)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def main() -> None:
    dataset = json.load(sys.stdin)
    sampler = dataset["sampler"]
    n = len(dataset["dates"])
    frame = pd.DataFrame({"date": pd.to_datetime(dataset["dates"])})
    channels = [c["name"] for c in dataset["channels"]]
    for c in dataset["channels"]:
        frame[c["name"]] = np.asarray(c["spend"], dtype=float)
    controls = []
    for c in dataset["controls"]:
        frame[c["name"]] = np.asarray(c["values"], dtype=float)
        controls.append(c["name"])
    frame["trend"] = np.arange(n) / n
    controls.append("trend")
    y = np.asarray(dataset["kpi"], dtype=float)

    mmm = MMM(
        date_column="date",
        channel_columns=channels,
        control_columns=controls,
        adstock=GeometricAdstock(l_max=8),
        saturation=LogisticSaturation(),
        yearly_seasonality=2,
    )
    started_cpu, started_wall = cpu_seconds(), time.perf_counter()
    mmm.fit(
        frame,
        y,
        chains=sampler["chains"],
        cores=1,
        tune=sampler["tune"],
        draws=sampler["draws"],
        target_accept=sampler["targetAccept"],
        random_seed=sampler["seed"],
        progressbar=False,
    )
    cpu, wall = cpu_seconds() - started_cpu, time.perf_counter() - started_wall

    # (chain, draw, date, channel) in the KPI's own units.
    contribution = mmm.compute_channel_contribution_original_scale().transpose("chain", "draw", "date", "channel")
    draws = contribution.values.reshape(-1, n, len(channels))
    results = []
    for k, name in enumerate(channels):
        spend = float(frame[name].sum())
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
    stats = mmm.idata.sample_stats
    divergences = int(stats["diverging"].sum())
    at_max_depth = float(stats["reached_max_treedepth"].mean()) if "reached_max_treedepth" in stats else 0.0
    rhat = az.rhat(mmm.idata.posterior)
    max_rhat = max(float(rhat[v].max()) for v in rhat.data_vars)
    json.dump(
        {
            "channels": results,
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
