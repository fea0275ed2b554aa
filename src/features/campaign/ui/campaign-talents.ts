/**
 * The campaign's two streamer talents (shown as profile cards with name, image and
 * social links). Their texts live in locales/<lang>/campaign.json under talents.<id>; the
 * avatars are illustrations in public/cortina, not photos.
 */
export type TalentNetwork = 'twitch' | 'instagram' | 'youtube' | 'tiktok';

export interface Talent {
  id: 'frost' | 'valanga';
  image: string;
  socials: { network: TalentNetwork; href: string }[];
}

/** Where a profile lives on each network, given the handle. */
const profileUrl: Record<TalentNetwork, (handle: string) => string> = {
  twitch: (handle) => `https://www.twitch.tv/${handle}`,
  instagram: (handle) => `https://www.instagram.com/${handle}`,
  youtube: (handle) => `https://www.youtube.com/@${handle}`,
  tiktok: (handle) => `https://www.tiktok.com/@${handle}`,
};

/** Each talent goes by one handle on every network; `networks` are listed in the order the profile shows them. */
const talent = (id: Talent['id'], handle: string, networks: TalentNetwork[]): Talent => ({
  id,
  image: `/cortina/talent-${id}.svg`,
  socials: networks.map((network) => ({ network, href: profileUrl[network](handle) })),
});

export const talents: readonly Talent[] = [
  talent('frost', 'frost_arena', ['twitch', 'instagram', 'tiktok']),
  talent('valanga', 'valanga_arena', ['twitch', 'youtube', 'instagram']),
];
