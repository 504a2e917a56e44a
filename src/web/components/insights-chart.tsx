// The insights' chart: a line per kind over the period's days, drawn with Chart.js. Loaded on its own once the tab is
// shown, with only the parts of Chart.js it draws with, so no other page's script carries it. The canvas is an image
// whose label sums it up; the table beside it holds every figure.
import { useEffect, useRef } from "react";
import { CategoryScale, Chart, Legend, LinearScale, LineController, LineElement, PointElement, Tooltip } from "chart.js";
import { INTL_LOCALE } from "#shared/i18n/format.ts";
import { useManageText } from "#web/lib/manage-text.ts";

Chart.register(LineController, LineElement, PointElement, LinearScale, CategoryScale, Legend, Tooltip);

const COLORS = ["#0f766e", "#b45309", "#7c3aed", "#be123c"];

export default function InsightsChart({ days, lines, summary }: { days: string[]; lines: { label: string; values: number[] }[]; summary: string }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const { lang } = useManageText();
  useEffect(() => {
    // The days on the axis: "11-02" in English as before, "2 nov." in French.
    const dayLabel = lang === "en" ? (day: string) => day.slice(5) : (day: string) => new Intl.DateTimeFormat(INTL_LOCALE[lang], { day: "numeric", month: "short", timeZone: "UTC" }).format(new Date(`${day}T12:00:00Z`));
    if (!canvas.current) return;
    const chart = new Chart(canvas.current, {
      type: "line",
      data: {
        labels: days.map(dayLabel),
        datasets: lines.map((line, i) => ({ label: line.label, data: line.values, borderColor: COLORS[i % COLORS.length], backgroundColor: COLORS[i % COLORS.length], pointRadius: days.length > 90 ? 0 : 2, tension: 0.2 })),
      },
      options: {
        // Chart.js writes the axis's and the tooltips' numbers in this locale.
        locale: INTL_LOCALE[lang],
        responsive: true,
        maintainAspectRatio: false,
        animation: false,
        scales: { y: { beginAtZero: true, ticks: { precision: 0 } } },
        plugins: { legend: { position: "bottom" } },
      },
    });
    return () => chart.destroy();
  }, [days, lines, lang]);
  return (
    <div className="relative h-64 w-full min-w-0 overflow-hidden">
      <canvas ref={canvas} role="img" aria-label={summary} />
    </div>
  );
}
