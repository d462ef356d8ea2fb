/**
 * The festival edition as the site shows it (spec §1, §2 Header and Footer, §9). The home
 * countdown asks the API for the current event (GET /api/auth/event/current) so the next
 * edition only changes data; these values are what the prerendered pages show and the
 * fallback while that request is pending or fails.
 */
export const FESTIVAL = {
  name: 'Startup Fest Gujarat 2024',
  edition: 'Second edition',
  /** Header date link text (spec §1). */
  dateRange: 'October 20-21, 2024',
  /** Footer and home event info (spec §9: 10:00 AM to 07:00 PM). */
  dateLong: '20–21 October 2024',
  time: '10:00 AM – 07:00 PM',
  venue: 'Science City, Ahmedabad',
  venueFull: 'Gujarat Science City, Ahmedabad',
  venueMapUrl: 'https://www.google.com/maps/search/?api=1&query=Gujarat+Science+City+Ahmedabad',
  /** Countdown target (spec §9: 2024-10-20 10:00 India time), used until the API answers. */
  startDate: '2024-10-20T04:30:00.000Z',
  endDate: '2024-10-21T13:30:00.000Z',
  theme: 'Innovation at the Bottom of the Pyramid in Rural Innovations and Entrepreneurship',
  sectors: ['Agri-Tech', 'Food-Tech', 'Rural Innovation', 'Fin-Tech', 'Rural Healthcare', 'Edu-Tech'],
  /** Headline claims (spec §1). */
  stats: [
    { value: '1000+', label: 'Participants' },
    { value: '200+', label: 'Startups' },
    { value: '135+', label: 'Investors' },
    { value: '15000+', label: 'Visitors' },
  ],
  /**
   * SAMPLE: the 2023 festival video is not given by the spec; this privacy-enhanced embed URL
   * is a placeholder for the organizers' own. Loaded only when the visitor opens the modal.
   */
  videoEmbedUrl: 'https://www.youtube-nocookie.com/embed/SAMPLE_VIDEO_ID?autoplay=1&rel=0',
  videoTitle: 'Startup Fest Gujarat 2023 highlights video (sample)',
} as const;
