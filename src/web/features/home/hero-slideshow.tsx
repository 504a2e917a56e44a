// The home hero: the site-settings photos, advancing every 5.5 s. Visitors who ask for reduced motion get the still mode.
import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from "react";
import type { HeroPhoto } from "#shared/schemas/site-settings.ts";
import { SLIDESHOW } from "#shared/constants.ts";
import { usePublicText } from "#web/lib/public-text.ts";

interface Props {
  /** `lang`: a description shown untranslated, in the site's default language. */
  photos: Array<HeroPhoto & { lang?: string | undefined }>;
  headline: string;
  /** The headline's language when it is not the page's (a tagline without its translation). */
  headlineLang?: string;
  /** Start again after the last photo; otherwise stop on it. */
  loop?: boolean;
  /** Show only the last photo. */
  still?: boolean;
  intervalMs?: number;
}

const CONTROL =
  "grid min-h-9 min-w-9 place-items-center rounded-full bg-black/60 px-3 text-sm font-semibold text-white hover:bg-black/80";

const REDUCED_MOTION = "(prefers-reduced-motion: reduce)";

function subscribeReducedMotion(onChange: () => void) {
  const query = window.matchMedia(REDUCED_MOTION);
  query.addEventListener("change", onChange);
  return () => query.removeEventListener("change", onChange);
}

function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(
    subscribeReducedMotion,
    () => window.matchMedia(REDUCED_MOTION).matches,
    () => false,
  );
}

export function HeroSlideshow({ photos, headline, headlineLang, loop = true, still = false, intervalMs = SLIDESHOW.intervalMs }: Props) {
  const { t } = usePublicText();
  const reducedMotion = usePrefersReducedMotion();
  const stillMode = still || reducedMotion || photos.length <= 1;
  const last = photos.length - 1;
  const [index, setIndex] = useState(0);
  const [playing, setPlaying] = useState(true);
  const [failed, setFailed] = useState<ReadonlySet<number>>(() => new Set());
  // Photos are fetched as they come up, not all at once: the current one and the next.
  const [reached, setReached] = useState(1);
  const images = useRef<Array<HTMLImageElement | null>>([]);

  /** The next photo that has not failed, or null when there is none to go to. */
  const following = useCallback(
    (from: number, step: 1 | -1): number | null => {
      for (let i = 1; i <= photos.length; i++) {
        let candidate = from + step * i;
        if (candidate > last || candidate < 0) {
          if (!loop && step === 1) return null;
          candidate = (candidate + photos.length) % photos.length;
        }
        if (candidate === from) return null;
        if (!failed.has(candidate)) return candidate;
      }
      return null;
    },
    [photos.length, last, loop, failed],
  );

  const go = useCallback(
    (step: 1 | -1) => {
      setIndex((current) => {
        // A failed photo still held as the index is shown as the one after it.
        const from = failed.has(current) ? (following(current, 1) ?? current) : current;
        const next = following(from, step);
        if (next === null) return current;
        setReached((r) => Math.max(r, next + 1));
        return next;
      });
    },
    [following, failed],
  );

  const atEnd = !loop && following(index, 1) === null;
  const running = !stillMode && playing && !atEnd;

  useEffect(() => {
    if (!running) return;
    const timer = window.setInterval(() => go(1), intervalMs);
    return () => window.clearInterval(timer);
  }, [running, go, intervalMs]);

  const markFailed = useCallback(
    (i: number) => {
      if (failed.has(i)) return;
      console.warn(`Hero photo ${i + 1} failed to load: ${photos[i]?.url ?? ""}`);
      setFailed((set) => new Set(set).add(i));
    },
    [failed, photos],
  );

  // A photo that failed before hydration fired its error event before React listened for it.
  useEffect(() => {
    images.current.forEach((img, i) => {
      if (img?.complete && img.naturalWidth === 0 && img.currentSrc) markFailed(i);
    });
  });

  // A photo that failed while it was showing is skipped.
  const shown = stillMode ? last : failed.has(index) ? (following(index, 1) ?? index) : index;

  return (
    <section
      aria-roledescription="carousel"
      aria-label={t("hero.photos")}
      className="relative -mx-4 -mt-6 overflow-hidden bg-brand-800 sm:-mx-6 sm:rounded-b-xl"
    >
      {photos.map((photo, i) => {
        if (stillMode ? i !== last : i >= reached && i !== shown) return null;
        return (
          <img
            key={photo.url}
            ref={(el) => {
              images.current[i] = el;
            }}
            src={photo.url}
            alt={i === shown ? photo.alt : ""}
            lang={photo.lang}
            aria-hidden={i === shown ? undefined : true}
            width={1600}
            height={900}
            fetchPriority={i === 0 || stillMode ? "high" : "auto"}
            onError={() => markFailed(i)}
            className={`absolute inset-0 h-full w-full object-cover transition-opacity duration-1000 ${
              i === shown && !failed.has(i) ? "opacity-60" : "opacity-0"
            }`}
          />
        );
      })}
      <div className="relative px-6 pt-20 pb-16 sm:pt-28 sm:pb-20">
        <h1 lang={headlineLang} dir="auto" className="text-4xl font-extrabold tracking-tight text-white drop-shadow sm:text-5xl">{headline}</h1>
        <p className="mt-4 max-w-xl text-lg text-white drop-shadow">{t("hero.lead")}</p>
      </div>
      {/* ‹ and › are mirrored characters: on a right-to-left page they point the other way by themselves. */}
      {!stillMode && (
        <div className="absolute end-3 bottom-3 flex items-center gap-2" role="group" aria-label={t("hero.controls")}>
          <button type="button" className={CONTROL} onClick={() => go(-1)}>
            <span aria-hidden="true">‹</span>
            <span className="sr-only">{t("hero.previous")}</span>
          </button>
          <button type="button" className={CONTROL} onClick={() => setPlaying((p) => !p)}>
            {playing ? t("hero.pause") : t("hero.play")}
            <span className="sr-only">{t("hero.slideshow")}</span>
          </button>
          <button type="button" className={CONTROL} onClick={() => go(1)}>
            <span aria-hidden="true">›</span>
            <span className="sr-only">{t("hero.next")}</span>
          </button>
          <p className="sr-only" aria-live={playing ? "off" : "polite"}>
            {`Photo ${shown + 1} of ${photos.length}`}
          </p>
        </div>
      )}
    </section>
  );
}
