import {
  Archive, Bed, Bell, BookOpen, Calendar, CircleHelp, Compass, CreditCard, Dices, FileText, Flag, GitBranch,
  GitCompare, House, Image, LayoutDashboard, LayoutGrid, List, Mail, Map, Percent, Phone, Search, Ship,
  ShoppingCart, Star, Ticket, TicketPercent, Users, Wallet, ArrowLeftRight, Circle, Tag, ChartColumn, ChevronDown, MessageCircle,
  type LucideIcon,
} from "lucide-react";

/** The content service names sidebar icons; these are the drawings (decorative: labels carry the name). */
const ICONS: Record<string, LucideIcon> = {
  home: House, search: Search, flag: Flag, star: Star, list: List, archive: Archive, ship: Ship, map: Map,
  compare: GitCompare, dashboard: LayoutDashboard, bell: Bell, calendar: Calendar, people: Users,
  transfer: ArrowLeftRight, coupon: TicketPercent, wallet: Wallet, credit: CreditCard, cart: ShoppingCart,
  dice: Dices, mail: Mail, branch: GitBranch, document: FileText, percent: Percent, ticket: Ticket,
  grid: LayoutGrid, phone: Phone, image: Image, help: CircleHelp, compass: Compass, book: BookOpen, bed: Bed,
  tag: Tag, chart: ChartColumn, chevron: ChevronDown, chat: MessageCircle,
};

export function NavIcon({ name, size = 20 }: { name: string; size?: number }) {
  const Icon = ICONS[name] ?? Circle;
  return <Icon aria-hidden="true" focusable="false" width={size} height={size} strokeWidth={1.75} />;
}
