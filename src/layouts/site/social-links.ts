/**
 * The brand's social accounts for the footer. Addresses are configuration (SOCIAL_<NETWORK>_URL
 * at build time, e.g. SOCIAL_DISCORD_URL=https://discord.gg/…): a network without a configured
 * https address is left out rather than linked to a placeholder.
 */
export const socialNetworks = ['instagram', 'tiktok', 'twitch', 'youtube', 'discord'] as const;
export type SocialNetwork = (typeof socialNetworks)[number];

export function socialLinks(env: Record<string, string | undefined>): { network: SocialNetwork; href: string }[] {
  return socialNetworks.flatMap((network) => {
    const href = env[`SOCIAL_${network.toUpperCase()}_URL`]?.trim();
    return href && /^https:\/\/[^\s]+$/.test(href) ? [{ network, href }] : [];
  });
}
