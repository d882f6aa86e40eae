import { useEffect, useRef, useState } from 'react';
import { HERO_MEDIA } from '../heroMedia.ts';
import { useHeroVideo } from './useHeroVideo.ts';
import classes from './Hero.module.css';

/**
 * Poster first (an SVG of the video's first frame, painted with the page), then the looping video
 * on top once useHeroVideo allows it. Both are decorative and fill the hero box absolutely.
 */
export function HeroMedia() {
  const showVideo = useHeroVideo();
  const videoRef = useRef<HTMLVideoElement>(null);
  const [playing, setPlaying] = useState(false);

  useEffect(() => {
    const video = videoRef.current;
    if (!showVideo || !video) return;
    // React sets `muted` as a property; set it before play() so autoplay policies allow it.
    video.muted = true;
    video.play().catch(() => {
      // Autoplay refused (e.g. battery saver): the poster simply stays.
    });
  }, [showVideo]);

  return (
    <div className={classes.media} aria-hidden="true">
      <img
        className={classes.poster}
        src={HERO_MEDIA.poster}
        width={HERO_MEDIA.width}
        height={HERO_MEDIA.height}
        alt=""
        fetchPriority="high"
        decoding="async"
        data-testid="hero-poster"
      />
      {showVideo && (
        <video
          ref={videoRef}
          className={classes.video}
          data-playing={playing || undefined}
          muted
          loop
          playsInline
          preload="none"
          poster={HERO_MEDIA.poster}
          onPlaying={() => setPlaying(true)}
          data-testid="hero-video"
        >
          {HERO_MEDIA.sources.map((source) => (
            <source key={source.src} src={source.src} type={source.type} />
          ))}
        </video>
      )}
      <div className={classes.scrim} />
    </div>
  );
}
