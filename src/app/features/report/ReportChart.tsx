import { AxisBottom, AxisLeft, AxisRight } from "@visx/axis";
import { Group } from "@visx/group";
import { scaleBand, scaleLinear } from "@visx/scale";
import { BarStack, LinePath } from "@visx/shape";
import { type ReactNode, useId } from "react";
import { useTranslation } from "react-i18next";
import type { Lang } from "../../../contract/envelope.ts";
import { type ModelReport, REPORT_CSV_HEADERS, type ReportFigures } from "../../../contract/report.ts";
import { formatCount, formatRate, periodLabel } from "./reportFormat.ts";

const KEYS = ["ok", "ng", "hold", "review"] as const;
type AutoKey = (typeof KEYS)[number];

const HEADER_OF: Record<AutoKey, "autoOk" | "autoNg" | "autoHold" | "autoReview"> = {
  ok: "autoOk",
  ng: "autoNg",
  hold: "autoHold",
  review: "autoReview",
};

/** Each result its colour and its own pattern, so no result is told by colour alone. */
const SERIES: Record<AutoKey, { colour: string; pattern: "solid" | "stripes" | "dots" | "cross" }> = {
  ok: { colour: "#2f8f5b", pattern: "solid" },
  ng: { colour: "#c62a2f", pattern: "stripes" },
  hold: { colour: "#b07800", pattern: "dots" },
  review: { colour: "#2b6cd6", pattern: "cross" },
};
const RATE_COLOUR = "#3d3d3d";

interface Datum {
  period: string;
  ok: number;
  ng: number;
  hold: number;
  review: number;
  previousTotal: number;
  rate: number | null;
  previousRate: number | null;
}

const autoTotal = (figures: ReportFigures) =>
  figures.auto.ok.count + figures.auto.ng.count + figures.auto.hold.count + figures.auto.review.count;

const WIDTH = 760;
const HEIGHT = 300;
const MARGIN = { top: 16, right: 56, bottom: 40, left: 64 };

function Pattern({ id, kind }: { id: string; kind: AutoKey }) {
  const { pattern, colour } = SERIES[kind];
  return (
    <pattern id={id} width="8" height="8" patternUnits="userSpaceOnUse">
      <rect width="8" height="8" fill={colour} />
      {pattern === "stripes" ? (
        <path d="M-2,10 L10,-2 M-2,2 L2,-2 M6,10 L10,6" stroke="#fff" strokeWidth="2" />
      ) : null}
      {pattern === "dots" ? <circle cx="4" cy="4" r="1.6" fill="#fff" /> : null}
      {pattern === "cross" ? <path d="M0,4 H8 M4,0 V8" stroke="#fff" strokeWidth="1.4" /> : null}
    </pattern>
  );
}

/** A small swatch of a series for the legend (the legend's text names it). */
function Swatch({ children }: { children: ReactNode }) {
  return (
    <svg width="28" height="14" aria-hidden="true" focusable="false" className="report-swatch">
      {children}
    </svg>
  );
}

/**
 * One model's automatic results per period as stacked bars (each result its pattern), its capture rate
 * as a line with markers, the previous period as a faint outline bar and a dashed line. An image with
 * a title and a description; the table beside it has every figure.
 */
export function ReportChart({ model, lang }: { model: ModelReport; lang: Lang }) {
  const { t } = useTranslation("eventReport");
  const base = useId().replaceAll(":", "");
  const titleId = `${base}-title`;
  const descId = `${base}-desc`;
  const patternId = (key: AutoKey) => `${base}-${key}`;
  const headers = REPORT_CSV_HEADERS[lang];
  const title = t("chart.title", { model: model.modelName });

  const data: Datum[] = model.rows.map((row) => ({
    period: row.period,
    ok: row.figures.auto.ok.count,
    ng: row.figures.auto.ng.count,
    hold: row.figures.auto.hold.count,
    review: row.figures.auto.review.count,
    previousTotal: autoTotal(row.previous),
    rate: row.figures.captureRate,
    previousRate: row.previous.captureRate,
  }));

  const innerWidth = WIDTH - MARGIN.left - MARGIN.right;
  const innerHeight = HEIGHT - MARGIN.top - MARGIN.bottom;
  const maxCount = Math.max(
    1,
    ...data.map((d) => Math.max(d.ok + d.ng + d.hold + d.review, d.previousTotal)),
  );
  const xScale = scaleBand<string>({
    domain: data.map((d) => d.period),
    range: [0, innerWidth],
    padding: 0.25,
  });
  const yScale = scaleLinear<number>({ domain: [0, maxCount], range: [innerHeight, 0], nice: true });
  const rateScale = scaleLinear<number>({ domain: [0, 1], range: [innerHeight, 0] });
  const centre = (d: Datum) => (xScale(d.period) ?? 0) + xScale.bandwidth() / 2;
  // About a dozen period labels at most (31 days would overlap).
  const every = Math.max(1, Math.ceil(data.length / 12));
  const tickValues = data.filter((_, index) => index % every === 0).map((d) => d.period);

  return (
    <figure className="report-chart">
      <svg
        role="img"
        aria-labelledby={titleId}
        aria-describedby={descId}
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        width="100%"
        style={{ maxWidth: WIDTH }}
      >
        <title id={titleId}>{title}</title>
        <desc id={descId}>{t("chart.description")}</desc>
        <defs>
          {KEYS.map((key) => (
            <Pattern key={key} id={patternId(key)} kind={key} />
          ))}
        </defs>
        <Group left={MARGIN.left} top={MARGIN.top}>
          {data.map((d) => (
            <rect
              key={`previous-${d.period}`}
              x={(xScale(d.period) ?? 0) - 2}
              width={xScale.bandwidth() + 4}
              y={yScale(d.previousTotal)}
              height={innerHeight - yScale(d.previousTotal)}
              fill="var(--gray-a3)"
              stroke="var(--gray-a8)"
              strokeDasharray="3 2"
            />
          ))}
          <BarStack<Datum, AutoKey>
            data={data}
            keys={[...KEYS]}
            x={(d) => d.period}
            xScale={xScale}
            yScale={yScale}
            color={(key) => `url(#${patternId(key)})`}
          >
            {(stacks) =>
              stacks.map((stack) =>
                stack.bars.map((bar) => (
                  <rect
                    key={`${stack.key}-${bar.index}`}
                    x={bar.x}
                    y={bar.y}
                    width={bar.width}
                    height={Math.max(0, bar.height)}
                    fill={bar.color}
                  />
                )),
              )
            }
          </BarStack>
          <LinePath<Datum>
            data={data}
            x={centre}
            y={(d) => rateScale(d.previousRate ?? 0)}
            defined={(d) => d.previousRate !== null}
            stroke={RATE_COLOUR}
            strokeOpacity={0.45}
            strokeWidth={1.5}
            strokeDasharray="5 4"
          />
          <LinePath<Datum>
            data={data}
            x={centre}
            y={(d) => rateScale(d.rate ?? 0)}
            defined={(d) => d.rate !== null}
            stroke={RATE_COLOUR}
            strokeWidth={2}
          />
          {data.map((d) =>
            d.rate === null ? null : (
              <circle
                key={`rate-${d.period}`}
                cx={centre(d)}
                cy={rateScale(d.rate)}
                r={3.5}
                fill="#fff"
                stroke={RATE_COLOUR}
                strokeWidth={2}
              />
            ),
          )}
          <AxisLeft
            scale={yScale}
            numTicks={5}
            label={t("chart.events")}
            tickFormat={(value) => formatCount(Number(value), lang)}
          />
          <AxisRight
            left={innerWidth}
            scale={rateScale}
            numTicks={5}
            label={t("chart.captureRate")}
            tickFormat={(value) => `${Math.round(Number(value) * 100)}%`}
          />
          <AxisBottom top={innerHeight} scale={xScale} tickValues={tickValues} tickFormat={periodLabel} />
        </Group>
      </svg>
      <figcaption>
        <ul className="report-legend" aria-label={t("chart.legend")}>
          {KEYS.map((key) => (
            <li key={key}>
              <Swatch>
                <rect width="28" height="14" fill={`url(#${patternId(key)})`} />
              </Swatch>
              {headers[HEADER_OF[key]]}
            </li>
          ))}
          <li>
            <Swatch>
              <rect
                x="1"
                y="1"
                width="26"
                height="12"
                fill="var(--gray-a3)"
                stroke="var(--gray-a8)"
                strokeDasharray="3 2"
              />
            </Swatch>
            {t("chart.previous")}
          </li>
          <li>
            <Swatch>
              <path d="M0,7 H28" stroke={RATE_COLOUR} strokeWidth="2" />
              <circle cx="14" cy="7" r="3.5" fill="#fff" stroke={RATE_COLOUR} strokeWidth="2" />
            </Swatch>
            {t("chart.captureRate")} ({formatRate(model.totals.captureRate)})
          </li>
          <li>
            <Swatch>
              <path
                d="M0,7 H28"
                stroke={RATE_COLOUR}
                strokeOpacity="0.45"
                strokeWidth="1.5"
                strokeDasharray="5 4"
              />
            </Swatch>
            {t("chart.previousRate")}
          </li>
        </ul>
      </figcaption>
    </figure>
  );
}
