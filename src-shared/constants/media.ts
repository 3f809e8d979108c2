/** The home hero's poster (public/media): its largest picture, which the server preloads on `/`. */
export const HOME_HERO_POSTER = '/media/sunrise-poster.jpg';
