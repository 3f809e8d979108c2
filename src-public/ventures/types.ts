import type {
  AdminStatus,
  LifecycleStatus,
  RiskLevel,
  VentureType,
  Visibility,
} from '../../src-shared/constants/enums';

/** A venture as GET /api/ventures and GET /api/ventures/id/{id} answer it (spec section 3).
 * Amounts are euros. Move to src-shared/contracts once the shared venture schema exists. */
export interface Venture {
  _id: string;
  title: string;
  shortDescription?: string;
  longDescription?: string;
  collateralDescription?: string;
  country?: string;
  ventureType?: VentureType;
  riskLevel?: RiskLevel;
  minInvestmentAmount?: number;
  maxInvestmentAmount?: number;
  targetAmount?: number;
  amountFunded?: number;
  expectedReturn?: number;
  investmentPeriod?: number;
  closingDate?: string;
  collateralValue?: number;
  loanToValue?: number;
  isConvertible?: boolean;
  tags?: string[];
  images?: string[];
  lifecycleStatus?: LifecycleStatus;
  visibility?: Visibility;
  adminStatus?: AdminStatus;
  dateIssued?: string | null;
  goesLiveAt?: string | null;
  createdAt?: string;
  updatedAt?: string;
}

export interface Pagination {
  page?: number;
  limit?: number;
  total?: number;
  totalPages?: number;
}

export interface VentureListResponse {
  data?: Venture[];
  pagination?: Pagination;
}
