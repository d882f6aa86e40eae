// When the hero may swap its still poster for the looping background video.

export interface HeroVideoConditions {
  /** `prefers-reduced-motion: reduce` matches. */
  reducedMotion: boolean;
  /** The browser asks to save data (`navigator.connection.saveData`). */
  saveData: boolean;
}

/** The video is decoration: never for reduced-motion users or on a data-saving connection. */
export function shouldPlayHeroVideo({ reducedMotion, saveData }: HeroVideoConditions): boolean {
  return !reducedMotion && !saveData;
}

export const REDUCED_MOTION_QUERY = '(prefers-reduced-motion: reduce)';

export const HERO_MEDIA = {
  poster: '/hero/poster.svg',
  /** Intrinsic size of poster and video (16:9); the box is sized by CSS, so nothing shifts. */
  width: 1280,
  height: 720,
  sources: [
    { src: '/hero/garage.webm', type: 'video/webm' },
    { src: '/hero/garage.mp4', type: 'video/mp4' },
  ],
} as const;

export function readSaveData(nav: Navigator): boolean {
  const connection = (nav as Navigator & { connection?: { saveData?: boolean } }).connection;
  return connection?.saveData === true;
}
