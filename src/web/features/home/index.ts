// The home feature's public face: the home page's slideshow, sections and news cards.
export { HeroSlideshow } from "./hero-slideshow.tsx";
export { loadHomeSections, type Section } from "./home-sections.ts";
export { PostCard } from "./post-card.tsx";
