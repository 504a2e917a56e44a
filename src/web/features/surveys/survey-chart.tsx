// One question's counts as a bar chart, drawn with Chart.js. Loaded on its own once the results are shown, with only the
// parts of Chart.js it draws with, so no other page's script carries it. The canvas is an image whose label sums it
// up; the table beside it holds every figure.
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { BarController, BarElement, CategoryScale, Chart, LinearScale, Tooltip } from "chart.js";

Chart.register(BarController, BarElement, CategoryScale, LinearScale, Tooltip);

export default function SurveyChart({ labels, counts, summary }: { labels: string[]; counts: number[]; summary: string }) {
  const { t } = useTranslation("members");
  const label = t("surveys.chartLabel");
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    if (!canvas.current) return;
    const chart = new Chart(canvas.current, {
      type: "bar",
      data: { labels, datasets: [{ label, data: counts, backgroundColor: "#0f766e" }] },
      options: {
        indexAxis: "y",
        responsive: true,
        maintainAspectRatio: false,
        animation: false,
        scales: { x: { beginAtZero: true, ticks: { precision: 0 } } },
        plugins: { legend: { display: false } },
      },
    });
    return () => chart.destroy();
  }, [labels, counts, label]);
  return (
    <div className="relative w-full min-w-0 overflow-hidden" style={{ height: `${Math.max(8, labels.length * 2.5 + 3)}rem` }}>
      <canvas ref={canvas} role="img" aria-label={summary} />
    </div>
  );
}
