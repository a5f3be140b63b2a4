/** Guest names, the agency staff who write notes, and the texts the insight demo data draws from. */

/** A comma-separated list (newlines allowed) as an array. */
const words = (text: string): string[] =>
  text
    .split(",")
    .map((w) => w.trim())
    .filter((w) => w !== "");

export type NameSet = { given: { female: readonly string[]; male: readonly string[] }; surnames: readonly string[] };

const ENGLISH: NameSet = {
  given: {
    female: words(`
      Olivia, Emma, Ava, Sophia, Isabella, Mia, Charlotte, Amelia, Harper, Evelyn,
      Abigail, Emily, Elizabeth, Sofia, Madison, Avery, Ella, Scarlett, Grace, Chloe,
      Victoria, Riley, Aria, Lily, Hannah, Zoey, Nora, Layla, Eleanor, Hazel,
      Linda, Patricia, Barbara, Susan, Karen, Nancy, Margaret, Sandra, Donna, Carol,
      Michelle, Deborah, Laura, Rebecca, Sharon, Cynthia, Kathleen, Amy, Angela, Megan
    `),
    male: words(`
      Liam, Noah, Oliver, Elijah, James, William, Benjamin, Lucas, Henry, Alexander,
      Mason, Michael, Ethan, Daniel, Jacob, Logan, Jackson, Sebastian, Jack, Aiden,
      Owen, Samuel, Matthew, Joseph, Levi, David, John, Wyatt, Carter, Julian,
      Robert, Richard, Thomas, Charles, Christopher, Mark, Donald, Steven, Paul, Andrew,
      Kenneth, Kevin, Brian, George, Edward, Ronald, Timothy, Jason, Jeffrey, Gary
    `),
  },
  surnames: words(`
      Smith, Johnson, Williams, Brown, Jones, Garcia, Miller, Davis, Rodriguez, Martinez,
      Hernandez, Lopez, Gonzalez, Wilson, Anderson, Thomas, Taylor, Moore, Jackson, Martin,
      Lee, Perez, Thompson, White, Harris, Sanchez, Clark, Ramirez, Lewis, Robinson,
      Walker, Young, Allen, King, Wright, Scott, Torres, Nguyen, Hill, Flores,
      Green, Adams, Nelson, Baker, Hall, Rivera, Campbell, Mitchell, Carter, Roberts,
      Gomez, Phillips, Evans, Turner, Diaz, Parker, Cruz, Edwards, Collins, Reyes,
      Stewart, Morris, Morales, Murphy, Cook, Rogers, Gutierrez, Ortiz, Morgan, Cooper,
      Peterson, Bailey, Reed, Kelly, Howard, Ramos, Kim, Cox, Ward, Richardson,
      Watson, Brooks, Chavez, Wood, James, Bennett, Gray, Mendoza, Ruiz, Hughes,
      Price, Alvarez, Castillo, Sanders, Patel, Myers, Long, Ross, Foster, Jimenez,
      O'Brien, McCarthy, Sullivan, Fitzgerald, Kowalski, Schneider, Rossi, Novak, Dubois, Park
    `),
};

const BRITISH: NameSet = {
  given: {
    female: words(`
      Olivia, Amelia, Isla, Ava, Mia, Ivy, Lily, Isabella, Rosie, Sophia,
      Grace, Freya, Florence, Poppy, Evie, Elsie, Charlotte, Alice, Sienna, Emily,
      Margaret, Susan, Jane, Helen, Sarah, Claire, Rachel, Joanne, Gillian, Fiona
    `),
    male: words(`
      Oliver, George, Arthur, Noah, Muhammad, Leo, Harry, Oscar, Archie, Henry,
      Theodore, Freddie, Jack, Charlie, Thomas, Alfie, William, James, Edward, Alexander,
      David, Paul, Andrew, Mark, Stephen, Ian, Graham, Nigel, Simon, Colin
    `),
  },
  surnames: words(`
      Smith, Jones, Taylor, Brown, Williams, Wilson, Johnson, Davies, Patel, Robinson,
      Wright, Thompson, Evans, Walker, White, Roberts, Green, Hall, Thomas, Clarke,
      Jackson, Wood, Harris, Edwards, Turner, Martin, Cooper, Hill, Ward, Hughes,
      Moore, Clark, King, Harrison, Lewis, Baker, Lee, Allen, Morris, Khan,
      Scott, Watson, Davis, Parker, James, Bennett, Young, Phillips, Richardson, Mitchell,
      Whitfield, Ashworth, Pemberton, Fairbairn, Hargreaves, MacDonald, Campbell, Stewart, Murray, Reid
    `),
};

const CANADIAN: NameSet = {
  given: {
    female: [
      ...ENGLISH.given.female.slice(0, 30),
      ...words("Chloé, Léa, Camille, Juliette, Émilie, Gabrielle, Maude, Florence"),
    ],
    male: [
      ...ENGLISH.given.male.slice(0, 30),
      ...words("Félix, Louis, Mathis, Étienne, Olivier, Jérôme, Benoît, Marc-André"),
    ],
  },
  surnames: [
    ...ENGLISH.surnames.slice(0, 50),
    ...words(`
      Tremblay, Gagnon, Roy, Côté, Bouchard, Gauthier, Morin, Lavoie, Fortin, Gagné,
      Ouellet, Pelletier, Bélanger, Lévesque, Bergeron, Leblanc, Paquette, Girard, Simard, Boucher,
      Wong, Singh, Chen, MacLeod, Fraser
    `),
  ],
};

const BRAZILIAN: NameSet = {
  given: {
    female: words(`
      Ana, Maria, Helena, Alice, Laura, Manuela, Valentina, Sophia, Isabella, Heloísa,
      Luiza, Júlia, Lorena, Lívia, Giovanna, Beatriz, Mariana, Fernanda, Camila, Patrícia,
      Juliana, Adriana, Luciana, Renata, Cláudia, Sandra, Márcia, Vanessa, Tatiana, Raquel
    `),
    male: words(`
      Miguel, Arthur, Gael, Heitor, Theo, Davi, Gabriel, Bernardo, Samuel, João,
      Pedro, Lucas, Matheus, Rafael, Gustavo, Felipe, Bruno, Rodrigo, Thiago, Eduardo,
      Carlos, José, Paulo, Marcelo, Ricardo, Fernando, André, Luiz, Sérgio, Antônio
    `),
  },
  surnames: words(`
      Silva, Santos, Oliveira, Souza, Rodrigues, Ferreira, Alves, Pereira, Lima, Gomes,
      Costa, Ribeiro, Martins, Carvalho, Almeida, Lopes, Soares, Fernandes, Vieira, Barbosa,
      Rocha, Dias, Nascimento, Andrade, Moreira, Nunes, Marques, Machado, Mendes, Freitas,
      Cardoso, Ramos, Gonçalves, Santana, Teixeira, Araújo, Cavalcanti, Monteiro, Moura, Correia
    `),
};

const SINGAPOREAN: NameSet = {
  given: {
    female: words(`
      Wei Ling, Hui Min, Xin Yi, Jia Hui, Mei Ling, Li Ting, Shu Fen, Pei Shan, Siew Lan, Yan Ting,
      Nur Aisyah, Siti Nurhaliza, Farah, Priya, Kavitha, Lakshmi, Deepa, Grace, Rachel, Michelle
    `),
    male: words(`
      Wei Jie, Jun Hao, Zhi Hao, Kai Wen, Jia Le, Ming Hui, Boon Kiat, Chee Keong, Wen Jie, Yong Sheng,
      Muhammad Irfan, Ahmad Faizal, Hafiz, Ravi, Arjun, Suresh, Vikram, Daniel, Marcus, Benjamin
    `),
  },
  surnames: words(`
      Tan, Lim, Lee, Ng, Ong, Wong, Goh, Chua, Chan, Koh,
      Teo, Ang, Yeo, Tay, Ho, Low, Toh, Sim, Chong, Chia,
      Ismail, Rahman, Abdullah, Hassan, Kumar, Pillai, Nair, Menon, Fernandez, De Souza
    `),
};

/** Guest names by the agency's country. */
export const NAMES_BY_COUNTRY: Record<string, NameSet> = {
  USA: ENGLISH,
  CAN: CANADIAN,
  GBR: BRITISH,
  BRA: BRAZILIAN,
  SGP: SINGAPOREAN,
};

/** Notes are written by the branch's agents or by the cruise line's people. */
export const LINE_AUTHORS: Record<string, string> = {
  R: "Royal Caribbean Reservations",
  C: "Celebrity Cruises Reservations",
  V: "Silversea Reservations",
};

export const NOTE_TEXTS: readonly string[] = [
  "Guest asked about connecting staterooms for the family.",
  "Sent the final payment reminder by e-mail.",
  "Celebrating a wedding anniversary: requested a cake on the second formal night.",
  "Dietary requirement noted: gluten-free.",
  "Dietary requirement noted: vegetarian.",
  "Guest requested early seating for dinner.",
  "Travel protection offered; the guest declined.",
  "Travel protection added at the guest's request.",
  "Pre-cruise hotel night booked separately.",
  "Flights arranged through the cruise line's air programme.",
  "Guest uses a wheelchair: accessible stateroom confirmed.",
  "Loyalty number added to the reservation.",
  "Guest asked for a price match against a new promotion.",
  "Passport expiry checked: valid for six months after return.",
  "Shore excursion questions forwarded to the guest.",
  "Beverage package discussed; guest will decide onboard.",
  "Called the guest about the deposit; left a voicemail.",
  "Guest confirmed the balance will be paid by card next week.",
  "Name correction sent to the cruise line.",
  "Guest prefers contact by e-mail only.",
  "Birthday on board: requested a stateroom decoration package.",
  "Guest is travelling with a service animal: documents requested.",
  "Moved the booking to a higher deck at no charge.",
  "Group contract terms sent to the organiser.",
];

export const PAYMENT_METHODS: readonly string[] = [
  "Visa",
  "Visa",
  "Mastercard",
  "Mastercard",
  "American Express",
  "Discover",
  "Bank transfer",
  "Check",
];

export const COUPON_CODES: readonly string[] = [
  "WELCOME50",
  "SAIL100",
  "AGENTBONUS",
  "SPRING75",
  "OBC150",
  "LOYAL200",
  "FAMILY60",
  "BALCONY25",
  "NEXTCRUISE",
  "VIPSAVE",
];

export const COUPON_REJECTIONS: readonly string[] = [
  "The coupon has expired.",
  "The coupon cannot be combined with the booking's promotion.",
  "The sailing is not eligible for this coupon.",
  "The coupon has already been used.",
  "The booking's stateroom category is not eligible.",
  "The coupon is not valid in the guest's country of residence.",
];

export const TRANSMISSION_FAILURES: readonly string[] = [
  "Guest name does not match the passport record.",
  "Invalid loyalty number.",
  "Duplicate transmission for this booking.",
  "Payment reference rejected by the back office.",
  "The back office did not answer in time.",
  "Missing date of birth for a guest.",
];

/** Pre-cruise purchases by category: an item and its price per guest in US dollars. */
export const SALE_ITEMS: Record<string, ReadonlyArray<{ item: string; usd: number }>> = {
  BEVERAGE: [
    { item: "Deluxe Beverage Package", usd: 89 },
    { item: "Refreshment Package", usd: 39 },
    { item: "Classic Soda Package", usd: 14 },
    { item: "Bottled Water Package", usd: 29 },
    { item: "Premium Wine Package", usd: 199 },
  ],
  DINING: [
    { item: "Unlimited Dining Package", usd: 79 },
    { item: "Chef's Table", usd: 125 },
    { item: "Specialty Dining: Chops Grille", usd: 59 },
    { item: "Specialty Dining: Le Petit Chef", usd: 69 },
    { item: "3-Night Dining Package", usd: 129 },
  ],
  EXCURSION: [
    { item: "Snorkel and Beach Break", usd: 89 },
    { item: "City Highlights Tour", usd: 75 },
    { item: "Glacier Helicopter Tour", usd: 399 },
    { item: "Catamaran Sail and Swim", usd: 110 },
    { item: "Food and Wine Walking Tour", usd: 95 },
    { item: "Zip Line Adventure", usd: 139 },
  ],
  SPA: [
    { item: "Swedish Massage (50 minutes)", usd: 139 },
    { item: "Thermal Suite Pass", usd: 199 },
    { item: "Hot Stone Massage", usd: 179 },
    { item: "Facial Treatment", usd: 129 },
  ],
  WIFI: [
    { item: "VOOM Surf + Stream (per device)", usd: 24 },
    { item: "Premium Wi-Fi Package", usd: 19 },
    { item: "Two-Device Internet Package", usd: 39 },
  ],
};

/** Commission on pre-cruise purchases, percent by category. */
export const SALE_COMMISSION_PERCENT: Record<string, number> = {
  BEVERAGE: 10,
  DINING: 10,
  EXCURSION: 12,
  SPA: 8,
  WIFI: 5,
};

/** The casino programme of each brand that has one. */
export const CASINO_PROGRAMMES: Record<string, string> = {
  R: "Club Royale",
  C: "Blue Chip Club",
};
