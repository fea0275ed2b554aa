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

export const talents: readonly Talent[] = [
  {
    id: 'frost',
    image: '/cortina/talent-frost.svg',
    socials: [
      { network: 'twitch', href: 'https://www.twitch.tv/frost_arena' },
      { network: 'instagram', href: 'https://www.instagram.com/frost_arena' },
      { network: 'tiktok', href: 'https://www.tiktok.com/@frost_arena' },
    ],
  },
  {
    id: 'valanga',
    image: '/cortina/talent-valanga.svg',
    socials: [
      { network: 'twitch', href: 'https://www.twitch.tv/valanga_arena' },
      { network: 'youtube', href: 'https://www.youtube.com/@valanga_arena' },
      { network: 'instagram', href: 'https://www.instagram.com/valanga_arena' },
    ],
  },
];
