import { pick, type ImageData, type Locale, type Localized, type PageHandler } from "./types";

export const FOOTER_MODIFIED = "2026-01-12T00:00:00.000Z";

const LOGO_ALT: Record<"group" | "royal" | "celebrity" | "silversea", Localized> = {
  group: {
    en_us: "Royal Caribbean Group logo",
    fr_fr: "Logo de Royal Caribbean Group",
    de_de: "Logo der Royal Caribbean Group",
    it_it: "Logo di Royal Caribbean Group",
    es_xn: "Logotipo do Royal Caribbean Group",
    zh_cn: "皇家加勒比集团标志",
  },
  royal: {
    en_us: "Royal Caribbean International logo",
    fr_fr: "Logo de Royal Caribbean International",
    de_de: "Logo von Royal Caribbean International",
    it_it: "Logo di Royal Caribbean International",
    es_xn: "Logotipo da Royal Caribbean International",
    zh_cn: "皇家加勒比国际游轮标志",
  },
  celebrity: {
    en_us: "Celebrity Cruises logo",
    fr_fr: "Logo de Celebrity Cruises",
    de_de: "Logo von Celebrity Cruises",
    it_it: "Logo di Celebrity Cruises",
    es_xn: "Logotipo da Celebrity Cruises",
    zh_cn: "精致游轮标志",
  },
  silversea: {
    en_us: "Silversea Cruises logo",
    fr_fr: "Logo de Silversea Cruises",
    de_de: "Logo von Silversea Cruises",
    it_it: "Logo di Silversea Cruises",
    es_xn: "Logotipo da Silversea Cruises",
    zh_cn: "银海邮轮标志",
  },
};

const COPYRIGHT: Localized = {
  en_us: "© {} Royal Caribbean Group. All rights reserved. Ships' registry: The Bahamas, Malta and Ecuador.",
  fr_fr: "© {} Royal Caribbean Group. Tous droits réservés. Pavillons des navires : Bahamas, Malte et Équateur.",
  de_de: "© {} Royal Caribbean Group. Alle Rechte vorbehalten. Flaggenstaaten der Schiffe: Bahamas, Malta und Ecuador.",
  it_it: "© {} Royal Caribbean Group. Tutti i diritti riservati. Bandiera delle navi: Bahamas, Malta ed Ecuador.",
  es_xn: "© {} Royal Caribbean Group. Todos os direitos reservados. Registro dos navios: Bahamas, Malta e Equador.",
  zh_cn: "© {} 皇家加勒比集团。保留所有权利。船舶注册地：巴哈马、马耳他和厄瓜多尔。",
};

function image(path: string, title: string, alt: Localized, locale: Locale, width: number, height: number): ImageData {
  return { path, title, description: pick(alt, locale), width, height };
}

/** `footer`: the logo, the three brands' logos and the copyright line (the year is the clock's). */
export const footerPage: PageHandler = ({ locale, extra, now }) => {
  if (extra.length > 0) return undefined;
  const footer = {
    footerLogo: image(
      "/images/content/logos/royal-caribbean-group.svg",
      "Royal Caribbean Group",
      LOGO_ALT.group,
      locale,
      180,
      48,
    ),
    subsidiaryLogos: [
      image(
        "/images/content/logos/royal-caribbean.svg",
        "Royal Caribbean International",
        LOGO_ALT.royal,
        locale,
        140,
        40,
      ),
      image("/images/content/logos/celebrity-cruises.svg", "Celebrity Cruises", LOGO_ALT.celebrity, locale, 140, 40),
      image("/images/content/logos/silversea.svg", "Silversea", LOGO_ALT.silversea, locale, 140, 40),
    ],
    copyrightText: pick(COPYRIGHT, locale).replace("{}", String(new Date(now).getUTCFullYear())),
  };
  return { modified: FOOTER_MODIFIED, items: [footer], fields: footer };
};

export type FooterLinkKey =
  "travel-agent-guidelines" | "register-agency" | "terms-of-use" | "privacy-policy" | "contact";

const FOOTER_LINKS: ReadonlyArray<{ key: FooterLinkKey; href: string; public: boolean; label: Localized }> = [
  {
    key: "terms-of-use",
    href: "/terms-of-use",
    public: true,
    label: {
      en_us: "Terms of Use",
      fr_fr: "Conditions d'utilisation",
      de_de: "Nutzungsbedingungen",
      it_it: "Condizioni d'uso",
      es_xn: "Termos de Uso",
      zh_cn: "使用条款",
    },
  },
  {
    key: "privacy-policy",
    href: "/privacy-policy",
    public: true,
    label: {
      en_us: "Privacy Policy",
      fr_fr: "Politique de confidentialité",
      de_de: "Datenschutzerklärung",
      it_it: "Informativa sulla privacy",
      es_xn: "Política de Privacidade",
      zh_cn: "隐私政策",
    },
  },
  {
    // Not public: the portal shows it only to signed-in agents.
    key: "travel-agent-guidelines",
    href: "/travel-agent-guidelines",
    public: false,
    label: {
      en_us: "Travel Agent Guidelines",
      fr_fr: "Directives pour les agents de voyages",
      de_de: "Richtlinien für Reisebüros",
      it_it: "Linee guida per gli agenti di viaggio",
      es_xn: "Diretrizes para Agentes de Viagem",
      zh_cn: "旅行代理指南",
    },
  },
  {
    // The portal hides it from signed-in agents.
    key: "register-agency",
    href: "/register-agency",
    public: true,
    label: {
      en_us: "Register an Agency",
      fr_fr: "Inscrire une agence",
      de_de: "Reisebüro registrieren",
      it_it: "Registra un'agenzia",
      es_xn: "Cadastrar uma agência",
      zh_cn: "注册旅行社",
    },
  },
  {
    key: "contact",
    href: "mailto:trade.support@example.com",
    public: true,
    label: {
      en_us: "Contact Us",
      fr_fr: "Nous contacter",
      de_de: "Kontakt",
      it_it: "Contattaci",
      es_xn: "Fale conosco",
      zh_cn: "联系我们",
    },
  },
];

/** `footer-navigation`: every link; the portal filters by `public` and sign-in state. */
export const footerNavigationPage: PageHandler = ({ locale, extra }) => {
  if (extra.length > 0) return undefined;
  return {
    modified: FOOTER_MODIFIED,
    items: FOOTER_LINKS.map((link) => ({
      key: link.key,
      label: pick(link.label, locale),
      href: link.href,
      public: link.public,
    })),
  };
};
